import {
  catchError,
  defer,
  filter,
  from,
  map,
  merge,
  type Observable,
  type ObservableInput,
  of,
  ReplaySubject,
  scan,
  Subject,
  switchMap,
  tap,
} from 'rxjs';

/** What `apply` answers for a push it cannot place (an item the state does not hold). */
export const READ_AGAIN: unique symbol = Symbol('read again');

/** Every live message carries the global position of the event behind it. */
export interface Positioned {
  readonly position: number;
}

/** One read model on screen: how to read it, what changes it, and when to read it again. */
export interface LiveQuery<S, M extends Positioned> {
  /** Reads the state, at least as new as `minPosition` when one is given. */
  readonly read: (minPosition: number | undefined) => ObservableInput<S>;
  /** The pushes that change it; a function when the rooms to hear depend on what is held. */
  readonly pushes: Observable<M> | ((held$: Observable<S>) => Observable<M>);
  /** A push applied to what is held: the new state (the same one to ignore it), or READ_AGAIN. */
  readonly apply: (held: S, push: M) => S | typeof READ_AGAIN;
  /** Pushes with the same key are one push heard twice (default: its position). */
  readonly keyOf?: (push: M) => string;
  /** Read again now: each reconnect (delivery is at most once), a refresh, or a command's position. */
  readonly refetch$?: Observable<number | void>;
  /**
   * Pushes heard while a read is on its way: `read again` once it lands (the answer may or may not
   * hold them), or `apply` them onto it (for an `apply` that keeps the newer of the two).
   */
  readonly whileReading?: 'read again' | 'apply';
}

type Input<S, M> =
  | { readonly kind: 'ask'; readonly position: number | undefined }
  | { readonly kind: 'push'; readonly push: M }
  | { readonly kind: 'answer'; readonly read: number; readonly state: S }
  | { readonly kind: 'failed'; readonly read: number; readonly error: unknown };

interface Read {
  readonly id: number;
  readonly minPosition: number | undefined;
}

interface Held<S, M> {
  readonly state: S | undefined;
  /** The min_position of the answer held: pushes at or below it are in it. */
  readonly covered: number;
  /** The highest position heard or asked for: the next read waits for it. */
  readonly heard: number;
  readonly keys: ReadonlyMap<string, number>;
  /** The read on its way, or null. */
  readonly reading: Read | null;
  readonly asked: number;
  readonly early: readonly M[];
  readonly stale: boolean;
}

interface Step<S, M> {
  readonly held: Held<S, M>;
  readonly emit: boolean;
  readonly read?: Read;
  readonly error?: { readonly cause: unknown };
}

/** Keys remembered for pushes not yet covered by a read; bounded for screens that never read again. */
const KEYS_KEPT = 1_000;

function ask<S, M>(held: Held<S, M>, position: number | undefined): Step<S, M> {
  const heard = Math.max(held.heard, position ?? 0);
  const read: Read = { id: held.asked + 1, minPosition: heard > 0 ? heard : undefined };
  return {
    held: { ...held, heard, reading: read, asked: read.id, early: [], stale: false },
    emit: false,
    read,
  };
}

function remember<S, M>(held: Held<S, M>, key: string, position: number): Held<S, M> {
  const keys = new Map(held.keys);
  keys.set(key, position);
  if (keys.size > KEYS_KEPT) keys.delete(keys.keys().next().value!);
  return { ...held, keys, heard: Math.max(held.heard, position) };
}

function settle<S, M extends Positioned>(
  held: Held<S, M>,
  query: LiveQuery<S, M>,
  push: M,
): Step<S, M> {
  const state = held.state as S;
  const next = query.apply(state, push);
  if (next === READ_AGAIN) return ask(held, undefined);
  return { held: { ...held, state: next }, emit: next !== state };
}

function step<S, M extends Positioned>(
  held: Held<S, M>,
  input: Input<S, M>,
  query: LiveQuery<S, M>,
): Step<S, M> {
  switch (input.kind) {
    case 'ask':
      return ask(held, input.position);
    case 'push': {
      const key = (query.keyOf ?? ((m: M) => String(m.position)))(input.push);
      // The answer held, or the one on its way, has it already.
      const covered = Math.max(held.covered, held.reading?.minPosition ?? 0);
      if (input.push.position <= covered || held.keys.has(key)) return { held, emit: false };
      const heard = remember(held, key, input.push.position);
      if (heard.reading === null && heard.state !== undefined)
        return settle(heard, query, input.push);
      return query.whileReading === 'apply'
        ? { held: { ...heard, early: [...heard.early, input.push] }, emit: false }
        : { held: { ...heard, stale: true }, emit: false };
    }
    case 'answer': {
      if (input.read !== held.reading?.id) return { held, emit: false };
      const covered = held.reading.minPosition ?? 0;
      let state = input.state;
      let stale = held.stale;
      for (const push of held.early.filter((m) => m.position > covered)) {
        const next = query.apply(state, push);
        if (next === READ_AGAIN) stale = true;
        else state = next;
      }
      const keys = new Map([...held.keys].filter(([, position]) => position > covered));
      const landed = { ...held, state, covered, keys, reading: null, early: [], stale: false };
      return stale ? { ...ask(landed, undefined), emit: true } : { held: landed, emit: true };
    }
    case 'failed':
      if (input.read !== held.reading?.id) return { held, emit: false };
      // Nothing to show yet is an error; after that the last answer stays until the next read.
      return held.state === undefined
        ? { held, emit: false, error: { cause: input.error } }
        : { held: { ...held, reading: null, early: [] }, emit: false };
    default: {
      const never: never = input;
      throw new Error(`Unknown input ${String(never)}`);
    }
  }
}

/**
 * A read model kept current: read at first (and whenever asked, with `min_position` set to the
 * highest position heard, so the answer holds every change heard), then pushes applied in place.
 * A push heard twice or already covered by the answer is dropped; a read overtaken by a newer one
 * is ignored. Emits the state after each read and each push that changed it.
 */
export function liveQuery$<S, M extends Positioned>(query: LiveQuery<S, M>): Observable<S> {
  return defer(() => {
    const reads$ = new Subject<Read>();
    const held$ = new ReplaySubject<S>(1);
    const answers$ = reads$.pipe(
      switchMap(({ id, minPosition }) =>
        from(query.read(minPosition)).pipe(
          map((state): Input<S, M> => ({ kind: 'answer', read: id, state })),
          catchError((error: unknown) => of<Input<S, M>>({ kind: 'failed', read: id, error })),
        ),
      ),
    );
    const pushes$ = typeof query.pushes === 'function' ? query.pushes(held$) : query.pushes;
    const initial: Step<S, M> = {
      held: {
        state: undefined,
        covered: 0,
        heard: 0,
        keys: new Map(),
        reading: null,
        asked: 0,
        early: [],
        stale: false,
      },
      emit: false,
    };
    // The first ask comes last, once the answers are listened to.
    return merge(
      answers$,
      pushes$.pipe(map((push): Input<S, M> => ({ kind: 'push', push }))),
      (query.refetch$ ?? of<never>()).pipe(
        map((position): Input<S, M> => ({ kind: 'ask', position: position ?? undefined })),
      ),
      of<Input<S, M>>({ kind: 'ask', position: undefined }),
    ).pipe(
      scan((last, input) => step(last.held, input, query), initial),
      tap((next) => {
        if (next.error) throw next.error.cause;
        if (next.emit) held$.next(next.held.state as S);
        if (next.read) reads$.next(next.read);
      }),
      filter((next) => next.emit),
      map((next) => next.held.state as S),
    );
  });
}
