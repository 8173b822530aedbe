import { api, ApiError } from './api-client';

/** Answers each fetch with the given status and body (jsdom has no fetch of its own). */
function answer(status: number, body: unknown) {
  const fetch = jest.fn(() =>
    Promise.resolve({
      status,
      ok: status >= 200 && status < 300,
      statusText: 'status text',
      json: () =>
        body === undefined ? Promise.reject(new Error('no body')) : Promise.resolve(body),
    }),
  );
  Object.assign(globalThis, { fetch });
  return fetch;
}

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
});
