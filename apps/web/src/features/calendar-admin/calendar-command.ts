/** A command on the calendar, then the list read again at its position; `done` is the toast. */
export type Run = (action: () => Promise<{ position: number }>, done: string) => Promise<void>;
