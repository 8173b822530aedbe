import http from 'node:http';
import { SERVICE_BUSY_MESSAGE } from '@medbook/contracts';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * A refusal is answered in front of the framework (the HTTP server's own handler): with the
 * envelope and headers every API answer carries, never to a CORS preflight, and after reading
 * a large upload, so the client reads the 503 instead of a reset.
 */
let full: TestApp;
const origin = 'https://clinic.example';

beforeAll(async () => {
  // No place for a command at all: every command is refused, whatever it carries.
  full = await startTestApp({
    config: {
      admission: { commands: 0, queries: 100, sockets: 10 },
      corsOrigins: [origin],
    },
  });
});

afterAll(() => full.close());

it('carries the envelope and the headers every API answer does, CORS included', async () => {
  const response = await fetch(`${full.url}/api/v1/appointments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-request-id': 'trace-42' },
    body: JSON.stringify({ calendar_id: 'x' }),
  });
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('1');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-request-id')).toBe('trace-42');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('access-control-allow-origin')).toBe(origin);
  expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({
    status_code: 503,
    message: SERVICE_BUSY_MESSAGE,
    data: null,
  });
  // Another origin is not told it may read the answer; a request without an id gets one.
  const foreign = await fetch(`${full.url}/api/v1/practices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://elsewhere.example' },
    body: '{}',
  });
  expect(foreign.status).toBe(503);
  expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  expect(foreign.headers.get('x-request-id')).toMatch(/^[\w.-]{1,100}$/);
});

it('answers a CORS preflight however full the commands are', async () => {
  const response = await fetch(`${full.url}/api/v1/appointments`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,authorization',
    },
  });
  expect(response.status).toBe(204);
  expect(response.headers.get('access-control-allow-origin')).toBe(origin);
});

it('reads a large refused upload before answering, so the client reads the 503 on the same connection', async () => {
  // 4 MiB sent in pieces on one keep-alive connection: no reset, the 503 arrives, and the
  // connection then serves the next request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = () =>
    new Promise<{ status: number; body: string; socket: unknown }>((resolve, reject) => {
      const request = http.request(
        `${full.url}/api/v1/practices`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': 4 * 1024 * 1024 },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode!, body, socket: request.socket }),
          );
        },
      );
      request.on('error', reject);
      const piece = Buffer.alloc(64 * 1024, 0x20);
      for (let sent = 0; sent < 4 * 1024 * 1024; sent += piece.length) request.write(piece);
      request.end();
    });
  try {
    const first = await post();
    expect(first.status).toBe(503);
    expect((JSON.parse(first.body) as { message: string }).message).toBe(SERVICE_BUSY_MESSAGE);
    const second = await post();
    expect(second.status).toBe(503);
    expect(second.socket).toBe(first.socket);
  } finally {
    agent.destroy();
  }
});

it('reads a large refused upload before closing a connection the client asked to close', async () => {
  // Closing with unread bytes makes the kernel reset the connection, and a client still
  // sending may lose the answer: the whole body is read first.
  const outcomes = await Promise.all(
    Array.from(
      { length: 5 },
      () =>
        new Promise<string>((resolve) => {
          const request = http.request(
            `${full.url}/api/v1/practices`,
            {
              method: 'POST',
              agent: false,
              headers: {
                'content-type': 'application/json',
                'content-length': 8 * 1024 * 1024,
                connection: 'close',
              },
            },
            (response) => {
              response.resume();
              response.on('end', () => resolve(String(response.statusCode)));
            },
          );
          request.on('error', (error) => resolve(error.message));
          const piece = Buffer.alloc(256 * 1024, 0x20);
          let sent = 0;
          const more = () => {
            while (sent < 8 * 1024 * 1024) {
              sent += piece.length;
              if (!request.write(piece)) return void request.once('drain', more);
            }
            request.end();
          };
          more();
        }),
    ),
  );
  expect(outcomes).toEqual(['503', '503', '503', '503', '503']);
});
