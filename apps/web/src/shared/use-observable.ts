import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

export interface ObservableState<T> {
  readonly value: T | undefined;
  readonly error: unknown;
}

/** Subscribes while the component is mounted; the latest value or error re-renders it. */
export function useObservable<T>(source$: Observable<T>): ObservableState<T> {
  const [state, setState] = useState<ObservableState<T>>({ value: undefined, error: undefined });
  useEffect(() => {
    const subscription = source$.subscribe({
      next: (value) => setState({ value, error: undefined }),
      error: (error: unknown) => setState((previous) => ({ ...previous, error })),
    });
    return () => subscription.unsubscribe();
  }, [source$]);
  return state;
}
