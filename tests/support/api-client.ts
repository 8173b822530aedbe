import type { Envelope } from '@medbook/contracts';

export interface ApiResponse<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Envelope<T>;
}

type RequestHeaders = Record<string, string>;

/** Who a request speaks for: a signed-in test user, or a bare access token. */
export type Caller = { readonly token: string } | string;

/**
 * The API as a client sees it: JSON in, status and envelope out. `as(caller)` answers a client
 * that sends the caller's bearer token with every request, so a test names who acts, not how.
 */
export interface ApiClient {
  get<T = unknown>(path: string, headers?: RequestHeaders): Promise<ApiResponse<T>>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    headers?: RequestHeaders,
  ): Promise<ApiResponse<T>>;
  put<T = unknown>(path: string, body?: unknown, headers?: RequestHeaders): Promise<ApiResponse<T>>;
  patch<T = unknown>(
    path: string,
    body?: unknown,
    headers?: RequestHeaders,
  ): Promise<ApiResponse<T>>;
  delete<T = unknown>(
    path: string,
    body?: unknown,
    headers?: RequestHeaders,
  ): Promise<ApiResponse<T>>;
  /** Any method, for tables of routes. */
  request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers?: RequestHeaders,
  ): Promise<ApiResponse<T>>;
  as(caller: Caller): ApiClient;
}

export const tokenOf = (caller: Caller): string =>
  typeof caller === 'string' ? caller : caller.token;

export const bearer = (caller: Caller): { authorization: string } => ({
  authorization: `Bearer ${tokenOf(caller)}`,
});

/**
 * A request still unanswered after this long is named on stderr (and again each time as long):
 * a test that times out then says which call it was waiting on, where jest alone names only the
 * test.
 */
export const SLOW_REQUEST_MS = 8_000;

/** Runs `work`, writing `what` to stderr each SLOW_REQUEST_MS it is still running. */
export async function namedIfSlow<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const watchdog = setInterval(
    () => process.stderr.write(`${what}: still waiting after ${Date.now() - started} ms\n`),
    SLOW_REQUEST_MS,
  );
  try {
    return await work();
  } finally {
    clearInterval(watchdog);
  }
}

export function apiClient(baseUrl: string, defaults: RequestHeaders = {}): ApiClient {
  const send = async <T>(
    method: string,
    path: string,
    body: unknown,
    headers: RequestHeaders = {},
  ): Promise<ApiResponse<T>> => {
    const { response, text } = await namedIfSlow(`${method} ${path}`, async () => {
      const answer = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...defaults,
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { response: answer, text: await answer.text() };
    });
    return {
      status: response.status,
      headers: response.headers,
      // A file (the audit trail's CSV) is no envelope: its text is read with fetch directly.
      body: (text && response.headers.get('content-type')?.includes('json')
        ? JSON.parse(text)
        : null) as Envelope<T>,
    };
  };
  return {
    get: <T>(path: string, headers?: RequestHeaders) => send<T>('GET', path, undefined, headers),
    post: <T>(path: string, body?: unknown, headers?: RequestHeaders) =>
      send<T>('POST', path, body, headers),
    put: <T>(path: string, body?: unknown, headers?: RequestHeaders) =>
      send<T>('PUT', path, body, headers),
    patch: <T>(path: string, body?: unknown, headers?: RequestHeaders) =>
      send<T>('PATCH', path, body, headers),
    delete: <T>(path: string, body?: unknown, headers?: RequestHeaders) =>
      send<T>('DELETE', path, body, headers),
    request: send,
    as: (caller) => apiClient(baseUrl, { ...defaults, ...bearer(caller) }),
  };
}
