/** HTTP status texts from the spec's error catalogue, shown to people verbatim. */
export const STATUS_MESSAGES = {
  400: "That's an error! The request you sent could not be understood by the server.",
  401: 'No authorization found. This page is not publically available. To access it, please log in first',
  403: 'This is a forbidden area. You do not have permission to access this server.',
  404: 'This page cannot be reached.',
  405: 'Your request can not be processed because this action is not allowed.',
  500: "Well, this is unexpected. An error has occurred and we're trying to fix the problem. We'll be up and running shortly.",
} as const;

export const OTHER_STATUS_MESSAGE = 'System encountered an unexpected error. Please try again.';

export const READ_MODEL_BEHIND_MESSAGE =
  'Your latest change is still being processed. Please try again in a moment.';

export function statusMessage(statusCode: number): string {
  return (STATUS_MESSAGES as Record<number, string>)[statusCode] ?? OTHER_STATUS_MESSAGE;
}

/** 503 when the database cannot be reached for a moment (the request changed nothing). */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Nothing was changed. Please try again in a moment.';

/** 503 when the server is at capacity and refuses new work at once (admission control). */
export const SERVICE_BUSY_MESSAGE =
  'The service is busy right now. Nothing was changed. Please try again in a moment.';
