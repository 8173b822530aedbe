import { useCallback, useState } from 'react';
import { errorMessageOf } from './error-message';

/** Where one command from the screen stands. */
export interface CommandState<R> {
  readonly pending: boolean;
  /** What to tell the user about the last failure, until the next run. */
  readonly error: string | null;
  readonly result: R | undefined;
}

/** How one run went: the API's answer, or what to tell the user. */
export type CommandOutcome<R> =
  { readonly ok: true; readonly result: R } | { readonly ok: false; readonly error: string };

/**
 * Runs a command (a write to the API) from a screen: `pending` while it is on its way, then its
 * `result` or the `error` message to show. `run` answers the outcome too, so a caller goes on
 * after a success (or toasts the failure) without catching.
 */
export function useCommand<A extends unknown[], R>(
  command: (...args: A) => Promise<R>,
): CommandState<R> & { readonly run: (...args: A) => Promise<CommandOutcome<R>> } {
  const [state, setState] = useState<CommandState<R>>({
    pending: false,
    error: null,
    result: undefined,
  });
  const run = useCallback(
    async (...args: A): Promise<CommandOutcome<R>> => {
      setState((last) => ({ ...last, pending: true, error: null }));
      try {
        const result = await command(...args);
        setState({ pending: false, error: null, result });
        return { ok: true, result };
      } catch (cause) {
        const error = errorMessageOf(cause);
        setState({ pending: false, error, result: undefined });
        return { ok: false, error };
      }
    },
    [command],
  );
  return { ...state, run };
}
