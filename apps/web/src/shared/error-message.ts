import { ApiError } from './api-client';

/** The spec's text for a failure the API did not explain (its spelling is the spec's). */
export const ERROR_OCCURED = 'Error occured';

/** The spec's text for a failure outside the API (a network error, a bug). */
export const UNEXPECTED_ERROR = 'System encountered an unexpected error. Please try again.';

/** What to tell the user about a failure: the API's own message, or the spec's fallback. */
export function errorMessageOf(error: unknown, fallback: string = ERROR_OCCURED): string {
  return error instanceof ApiError ? error.message : fallback;
}
