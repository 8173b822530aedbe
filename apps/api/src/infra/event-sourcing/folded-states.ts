/** A stream's state as folded up to a revision. */
export interface Folded<S> {
  readonly state: S;
  readonly revision: number;
}

/**
 * States of streams folded so far, by stream id, up to a bound: a command then reads only the
 * events after the revision remembered (taking the state before its read: another command may
 * replace it meanwhile). Streams are append-only, so a remembered state folded
 * with the events after it is the stream's state, whichever process wrote them. Only for
 * deciders whose `evolve` returns new states (never changes the one it is given).
 */
export class FoldedStates<S> {
  private readonly states = new Map<string, Folded<S>>();

  constructor(private readonly limit = 10_000) {}

  get(streamId: string): Folded<S> | undefined {
    return this.states.get(streamId);
  }

  remember(streamId: string, state: S, revision: number | 'no_stream'): void {
    if (revision === 'no_stream') return;
    const known = this.states.get(streamId);
    if (known && known.revision >= revision) return;
    if (!known && this.states.size >= this.limit) this.states.clear();
    this.states.set(streamId, { state, revision });
  }
}

/** The revision to read from after a remembered state: the first event not folded yet. */
export const firstUnfolded = (known: Folded<unknown> | undefined): number =>
  known ? known.revision + 1 : 0;
