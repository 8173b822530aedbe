import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { type Envelope, SERVICE_BUSY_MESSAGE } from '@medbook/contracts';
import { requestIdOf } from './request-id';

/** How much work of each class may be in flight at once; beyond it, 503 at once. */
export interface AdmissionLimits {
  /** API calls that change something (POST, PUT, PATCH, DELETE). */
  readonly commands: number;
  /** API reads (GET, HEAD). */
  readonly queries: number;
  /** Open socket.io connections. */
  readonly sockets: number;
  /**
   * API calls that may wait for a place, per class, and for how long at most (their bodies are
   * not read meanwhile); beyond, or after waiting that long, 503. None when left out.
   */
  readonly queue?: { readonly commands: number; readonly queries: number; readonly waitMs: number };
}

interface Waiter {
  readonly admit: () => void;
  readonly timer: NodeJS.Timeout;
}

export type RouteClass = 'commands' | 'queries' | 'sockets';

/** Never refused: a load balancer must be able to ask while the API is busy. */
const ALWAYS_ADMITTED = new Set(['/api/v1/health']);

/**
 * Admission control: a counter of the work in flight per route class, and a short bounded queue
 * in front of it. A request finds a place, or waits in the queue (first come, first served, its
 * body unread) until one frees up; when the queue is full, or its wait runs out, it is answered
 * 503 with Retry-After at once, so what was admitted keeps its latency instead of everything
 * queueing without bound (the issue measured p99 116 s and connection resets at twice the
 * sustainable rate before this). The queue absorbs bursts that a pure limit would refuse, and
 * keeps the work actually running near what the database pool can serve. Counts are per
 * process; each process protects itself.
 */
export class Admission {
  private readonly inFlight: Record<RouteClass, number> = { commands: 0, queries: 0, sockets: 0 };
  private readonly refused: Record<RouteClass, number> = { commands: 0, queries: 0, sockets: 0 };
  private readonly waiting: Record<RouteClass, Waiter[]> = {
    commands: [],
    queries: [],
    sockets: [],
  };

  constructor(readonly limits: AdmissionLimits) {}

  /**
   * Takes a place now, or waits for one in the queue: `admit` runs once the request holds a
   * place; answers false (refused) when the queue is full, and calls `refuse` when the wait runs
   * out first.
   */
  enterOrWait(routeClass: RouteClass, admit: () => void, refuse: () => void): boolean {
    if (this.tryEnter(routeClass, false)) {
      admit();
      return true;
    }
    const queue = this.waiting[routeClass];
    const room = routeClass === 'sockets' ? 0 : (this.limits.queue?.[routeClass] ?? 0);
    if (queue.length >= room) {
      this.refused[routeClass] += 1;
      return false;
    }
    const waiter: Waiter = {
      admit,
      timer: setTimeout(() => {
        queue.splice(queue.indexOf(waiter), 1);
        this.refused[routeClass] += 1;
        refuse();
      }, this.limits.queue?.waitMs ?? 0),
    };
    queue.push(waiter);
    return true;
  }

  /** Takes a place in the class, or answers false when it is full. */
  tryEnter(routeClass: RouteClass, countRefusal = true): boolean {
    if (this.inFlight[routeClass] >= this.limits[routeClass]) {
      if (countRefusal) this.refused[routeClass] += 1;
      return false;
    }
    this.inFlight[routeClass] += 1;
    return true;
  }

  /** Whether one more would be admitted now (counted as refused when not). */
  hasRoom(routeClass: RouteClass): boolean {
    if (this.inFlight[routeClass] < this.limits[routeClass]) return true;
    this.refused[routeClass] += 1;
    return false;
  }

  /** Counts one in, whatever the limit (it was checked with hasRoom before). */
  enter(routeClass: RouteClass): void {
    this.inFlight[routeClass] += 1;
  }

  leave(routeClass: RouteClass): void {
    this.inFlight[routeClass] = Math.max(0, this.inFlight[routeClass] - 1);
    // The place goes to the longest waiter, if any.
    const next = this.waiting[routeClass].shift();
    if (next) {
      clearTimeout(next.timer);
      this.inFlight[routeClass] += 1;
      next.admit();
    }
  }

  /** In flight and refused so far, per class (for operators). */
  snapshot(): {
    in_flight: Record<RouteClass, number>;
    waiting: Record<RouteClass, number>;
    refused: Record<RouteClass, number>;
  } {
    return {
      in_flight: { ...this.inFlight },
      waiting: {
        commands: this.waiting.commands.length,
        queries: this.waiting.queries.length,
        sockets: 0,
      },
      refused: { ...this.refused },
    };
  }

  /**
   * Guards the HTTP API in front of Fastify: the server's request handler, wrapped. The decision
   * is taken on the raw request, before routing, request objects, hooks or logging, so a refusal
   * costs the event loop as little as it can while it is busiest (the refusals' latency is the
   * loop's). `allowedOrigins` are the CORS origins, whose browsers must be able to read the 503.
   */
  gate(handler: RequestListener, allowedOrigins: readonly string[]): RequestListener {
    const origins = new Set(allowedOrigins);
    return (request, response) => {
      const routeClass = classOf(request.method, request.url);
      if (!routeClass) return handler(request, response);
      let admitted = false;
      let gone = false;
      const admit = () => {
        if (gone) {
          // The client went away while it waited: the place passes straight on.
          this.leave(routeClass);
          return;
        }
        admitted = true;
        handler(request, response);
      };
      // Exactly once, whether the answer was sent or the client went away first; a client that
      // leaves the queue gives up its turn.
      response.once('close', () => {
        gone = true;
        if (admitted) {
          admitted = false;
          this.leave(routeClass);
        }
      });
      const refuseThis = () => refuse(request, response, origins);
      if (!this.enterOrWait(routeClass, admit, refuseThis)) refuseThis();
    };
  }
}

function classOf(method: string | undefined, url: string | undefined): RouteClass | null {
  if (!url?.startsWith('/api/')) return null;
  // A CORS preflight costs next to nothing, and a refused one reads as a network error.
  if (method === 'OPTIONS') return null;
  const path = url.split('?', 1)[0]!;
  if (ALWAYS_ADMITTED.has(path)) return null;
  return method === 'GET' || method === 'HEAD' ? 'queries' : 'commands';
}

const BUSY_BODY = Buffer.from(
  JSON.stringify({
    status_code: 503,
    message: SERVICE_BUSY_MESSAGE,
    data: null,
  } satisfies Envelope<null>),
);

/**
 * 503 in the envelope, with Retry-After, written straight to the response: the headers every
 * API answer carries (request id, no-store, nosniff) and CORS's for an allowed origin.
 */
function refuse(request: IncomingMessage, response: ServerResponse, origins: Set<string>): void {
  // The client went away while it waited in the queue: nobody to answer.
  if (response.destroyed) return;
  const headers: Record<string, string | number> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': BUSY_BODY.length,
    'retry-after': '1',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-request-id': requestIdOf(request.headers),
  };
  const origin = request.headers.origin;
  if (origin && origins.has(origin)) {
    headers['access-control-allow-origin'] = origin;
    headers['access-control-allow-credentials'] = 'true';
    headers.vary = 'Origin';
  }
  // A body still coming is Node's to read and drop once the answer is sent (it does so whether
  // the connection is kept or closed), so the client reads the 503: no reset.
  response.writeHead(503, headers).end(BUSY_BODY);
}
