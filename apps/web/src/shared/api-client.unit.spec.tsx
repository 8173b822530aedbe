import { SERVICE_BUSY_MESSAGE } from '@medbook/contracts';
import { api, ApiError, BUSY_RETRIES } from './api-client';

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Record<string, string>;
}

function fakeResponse({ status, body, headers = {} }: Answer) {
  const response = {
    status,
    ok: status >= 200 && status < 300,
    statusText: 'status text',
    headers: new Headers(headers),
    json: () => (body === undefined ? Promise.reject(new Error('no body')) : Promise.resolve(body)),
    clone: () => fakeResponse({ status, body, headers }),
  };
  return response;
}

/** Answers the fetches in turn (the last one again when they run out); jsdom has no fetch. */
function answers(...given: Answer[]) {
  let next = 0;
  const fetch = jest.fn(() =>
    Promise.resolve(fakeResponse(given[Math.min(next++, given.length - 1)]!)),
  );
  Object.assign(globalThis, { fetch });
  return fetch;
}

/** Answers each fetch with the given status and body. */
function answer(status: number, body: unknown) {
  return answers({ status, body });
}

const busy: Answer = {
  status: 503,
  body: { status_code: 503, message: SERVICE_BUSY_MESSAGE, data: null },
  headers: { 'retry-after': '1' },
};
const outage: Answer = {
  status: 503,
  body: { status_code: 503, message: 'The database is unavailable.', data: null },
  headers: { 'retry-after': '1' },
};
const ok: Answer = { status: 200, body: { status_code: 200, message: 'Success', data: 'done' } };

describe('api', () => {
  it("answers null for the spec's 204 (no record), which has no body", async () => {
    answer(204, undefined);
    await expect(api<string[] | null>('GET', '/patients/p1/family-members')).resolves.toBeNull();
  });

  it("answers the envelope's data for a 200", async () => {
    answer(200, { status_code: 200, message: 'Success', data: ['a'] });
    await expect(api<string[]>('GET', '/x')).resolves.toEqual(['a']);
  });

  it("throws the envelope's message for an error", async () => {
    answer(400, { status_code: 400, message: 'Invalid', data: null });
    await expect(api('GET', '/x')).rejects.toEqual(new ApiError(400, 'Invalid', null));
  });

  describe('when the API turns a call away for a moment (503 with Retry-After)', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    /** Runs the call while the clock moves on, a second at a time. */
    async function settle<T>(call: Promise<T>): Promise<PromiseSettledResult<T>> {
      const settled = Promise.allSettled([call]).then(([result]) => result);
      for (let i = 0; i < 20; i += 1) await jest.advanceTimersByTimeAsync(1000);
      return settled;
    }

    it('sends a read again after the wait it asks for, and answers what came then', async () => {
      const fetch = answers(busy, ok);
      const call = api<string>('GET', '/x');
      await jest.advanceTimersByTimeAsync(999);
      // Not before the Retry-After's second.
      expect(fetch).toHaveBeenCalledTimes(1);
      await expect(settle(call)).resolves.toEqual({ status: 'fulfilled', value: 'done' });
      expect(fetch).toHaveBeenCalledTimes(2);
    });

    it('sends a change again only when the API said nothing was changed', async () => {
      const refused = answers(busy, ok);
      await expect(settle(api<string>('POST', '/x', { a: 1 }))).resolves.toEqual({
        status: 'fulfilled',
        value: 'done',
      });
      expect(refused).toHaveBeenCalledTimes(2);
      // The same request body both times.
      expect(refused.mock.calls.map((call) => (call as unknown[])[1])).toEqual([
        expect.objectContaining({ method: 'POST', body: '{"a":1}' }),
        expect.objectContaining({ method: 'POST', body: '{"a":1}' }),
      ]);

      // After an outage the change may have been made: it is not sent again.
      const failed = answers(outage, ok);
      await expect(settle(api('POST', '/x', { a: 1 }))).resolves.toEqual({
        status: 'rejected',
        reason: new ApiError(503, 'The database is unavailable.', null),
      });
      expect(failed).toHaveBeenCalledTimes(1);
    });

    it('gives up after a few tries and shows the busy message', async () => {
      const fetch = answers(busy);
      await expect(settle(api('GET', '/x'))).resolves.toEqual({
        status: 'rejected',
        reason: new ApiError(503, SERVICE_BUSY_MESSAGE, null),
      });
      expect(fetch).toHaveBeenCalledTimes(1 + BUSY_RETRIES);
    });

    it('does not send again a 503 that asks for no wait', async () => {
      const fetch = answers({ ...busy, headers: {} }, ok);
      await expect(settle(api('GET', '/x'))).resolves.toMatchObject({ status: 'rejected' });
      expect(fetch).toHaveBeenCalledTimes(1);
    });
  });
});
