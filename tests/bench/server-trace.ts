// BENCH_TRACE=1: where an open loop's requests wait, seen from inside the API process. The load
// generator stamps each request with its send time (x-bench-sent, wall-clock ms with a fraction;
// both processes read one clock). For each request: from send to the server's accept (a new
// connection), from send to the request event (a reused one), and from the request event to the
// answer's finish; with the event loop's lag and utilisation every 250 ms.
import type { Server, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { percentile } from './percentiles';

const spread = (values: number[]) =>
  `n ${values.length}, p50 ${percentile(values, 50).toFixed(1)}, p99 ${percentile(values, 99).toFixed(1)}, max ${percentile(values, 100).toFixed(1)} ms`;

/** Starts tracing the server; the function it answers stops and tells what it saw. */
export function traceServer(server: Server): () => string {
  const acceptedAt = new WeakMap<Socket, number>();
  const sendToAccept: number[] = [];
  const sendToRequestReused: number[] = [];
  const requestToFinish: number[] = [];
  const onConnection = (socket: Socket) => acceptedAt.set(socket, performance.now());
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    const at = performance.now();
    response.once('finish', () => requestToFinish.push(performance.now() - at));
    // A connection's first request tells when it was accepted (the warm-up's too: it carries no
    // send time, and the bookings after it on that connection count as reused).
    const accepted = acceptedAt.get(request.socket);
    acceptedAt.delete(request.socket);
    const sentAt = Number(request.headers['x-bench-sent']);
    if (!sentAt) return;
    if (accepted === undefined) sendToRequestReused.push(performance.timeOrigin + at - sentAt);
    else sendToAccept.push(performance.timeOrigin + accepted - sentAt);
  };
  server.prependListener('connection', onConnection);
  server.prependListener('request', onRequest);
  const ticks: string[] = [];
  let lastTick = performance.now();
  let lastUtilization = performance.eventLoopUtilization();
  const ticker = setInterval(() => {
    const now = performance.now();
    const utilization = performance.eventLoopUtilization(lastUtilization).utilization;
    lastUtilization = performance.eventLoopUtilization();
    ticks.push(
      `${Math.max(0, now - lastTick - 250).toFixed(0)}/${(utilization * 100).toFixed(0)}%`,
    );
    lastTick = now;
  }, 250);
  return () => {
    clearInterval(ticker);
    server.off('connection', onConnection);
    server.off('request', onRequest);
    return [
      `  new connections, send to accept: ${spread(sendToAccept)}`,
      `  reused connections, send to request: ${spread(sendToRequestReused)}`,
      `  request to answer: ${spread(requestToFinish)}`,
      `  event loop lag (ms) / utilisation per 250 ms: ${ticks.join(' ')}`,
    ].join('\n');
  };
}
