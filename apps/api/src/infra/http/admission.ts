import { type Envelope, SERVICE_BUSY_MESSAGE } from '@medbook/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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

  /** Guards the HTTP API: one hook before anything else runs for a request. */
  install(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (request, reply, done) => {
      const routeClass = classOf(request);
      if (!routeClass) return done();
      let admitted = false;
      let gone = false;
      const admit = () => {
        if (gone) {
          // The client went away while it waited: the place passes straight on.
          this.leave(routeClass);
          return;
        }
        admitted = true;
        done();
      };
      // Exactly once, whether the answer was sent or the client went away first; a client that
      // leaves the queue gives up its turn.
      reply.raw.once('close', () => {
        gone = true;
        if (admitted) {
          admitted = false;
          this.leave(routeClass);
        }
      });
      if (!this.enterOrWait(routeClass, admit, () => refuse(reply))) refuse(reply);
    });
  }
}

function classOf(request: FastifyRequest): RouteClass | null {
  const url = request.url;
  if (!url.startsWith('/api/')) return null;
  const path = url.split('?', 1)[0]!;
  if (ALWAYS_ADMITTED.has(path)) return null;
  return request.method === 'GET' || request.method === 'HEAD' ? 'queries' : 'commands';
}

function refuse(reply: FastifyReply): void {
  const envelope: Envelope<null> = { status_code: 503, message: SERVICE_BUSY_MESSAGE, data: null };
  void reply
    .code(503)
    .header('retry-after', '1')
    .header('cache-control', 'no-store')
    .send(envelope);
}
