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
}

export type RouteClass = 'commands' | 'queries' | 'sockets';

/** Never refused: a load balancer must be able to ask while the API is busy. */
const ALWAYS_ADMITTED = new Set(['/api/v1/health']);

/**
 * Admission control: a counter of the work in flight per route class. A request beyond its
 * class's limit is answered 503 with Retry-After at once, before its body is read, so what was
 * admitted keeps its latency instead of everything queueing without bound (the issue measured
 * p99 116 s and connection resets at twice the sustainable rate before this). Counts are per
 * process; each process protects itself.
 */
export class Admission {
  private readonly inFlight: Record<RouteClass, number> = { commands: 0, queries: 0, sockets: 0 };
  private readonly refused: Record<RouteClass, number> = { commands: 0, queries: 0, sockets: 0 };

  constructor(readonly limits: AdmissionLimits) {}

  /** Takes a place in the class, or answers false when it is full. */
  tryEnter(routeClass: RouteClass): boolean {
    if (this.inFlight[routeClass] >= this.limits[routeClass]) {
      this.refused[routeClass] += 1;
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
  }

  /** In flight and refused so far, per class (for operators). */
  snapshot(): { in_flight: Record<RouteClass, number>; refused: Record<RouteClass, number> } {
    return { in_flight: { ...this.inFlight }, refused: { ...this.refused } };
  }

  /** Guards the HTTP API: one hook before anything else runs for a request. */
  install(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (request, reply, done) => {
      const routeClass = classOf(request);
      if (!routeClass) return done();
      if (!this.tryEnter(routeClass)) {
        refuse(reply);
        return;
      }
      // Exactly once, whether the answer was sent or the client went away first.
      let left = false;
      reply.raw.once('close', () => {
        if (left) return;
        left = true;
        this.leave(routeClass);
      });
      done();
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
