import http from 'node:http';
import { type Envelope, STATUS_MESSAGES } from '@medbook/contracts';
import { createUser, type TestUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * A body over the limit is answered 400 in the envelope, and the client gets to read that answer:
 * the server reads (and drops) the rest of the upload before it closes the connection, instead of
 * resetting it under a client that is still sending.
 */
let app: TestApp;
let user: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  user = await createUser(app, 'SuperUser');
});

afterAll(async () => {
  await app.close();
});

const TEN_MB = 10 * 1024 * 1024;

/** Streams a 10 MB JSON body in 64 KiB chunks, as a browser or curl upload does. */
function upload(
  path: string,
  chunked: boolean,
): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const url = new URL(path, app.url);
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(chunked ? {} : { 'content-length': String(TEN_MB) }),
          ...user.auth,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', (error) => resolve({ error: error.message }));
      },
    );
    request.on('error', (error) => resolve({ error: error.message }));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const head = '{"name":"';
    let sent = head.length;
    let writes = 0;
    const pump = () => {
      while (sent < TEN_MB) {
        const part = chunk.subarray(0, Math.min(chunk.length, TEN_MB - sent));
        sent += part.length;
        writes += 1;
        // The first 2 MB trickle in, as over a real network: the answer comes while it does.
        if (writes < 32) {
          request.write(part);
          return void setTimeout(pump, 5);
        }
        if (!request.write(part)) return void request.once('drain', pump);
      }
      request.end();
    };
    request.write(head);
    pump();
  });
}

it('answers a 10 MB body with 400 in the envelope, and the client reads it', async () => {
  for (let i = 0; i < 6; i += 1) {
    const answer = await upload('/api/v1/practices', i % 2 === 1);
    expect(answer).toMatchObject({ status: 400 });
    const body = JSON.parse((answer as { body: string }).body) as Envelope<unknown>;
    expect(body.message).toBe(STATUS_MESSAGES[400]);
  }
  const viaFetch = await fetch(`${app.url}/api/v1/practices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...user.auth },
    body: `{"name":"${' '.repeat(TEN_MB)}"}`,
  });
  expect(viaFetch.status).toBe(400);
  expect(((await viaFetch.json()) as Envelope<unknown>).message).toBe(STATUS_MESSAGES[400]);
});
