import type { IncomingMessage } from 'node:http';

/** How much of a refused upload is read and dropped, and for how long, before answering. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
const DRAIN_LIMIT_MS = 15_000;

/**
 * A request refused before its body was read (too large, say): the rest of the body is read and
 * dropped before the answer goes out, so a client still sending is not cut off mid-upload (EPIPE)
 * and reads the 400. Bounded: past the limits the answer goes anyway.
 */
export function drainUpload(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('error', done);
      raw.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_LIMIT_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_LIMIT_MS);
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('error', done);
    raw.once('close', done);
    raw.resume();
  });
}
