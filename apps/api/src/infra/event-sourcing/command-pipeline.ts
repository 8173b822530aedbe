import {
  type EventStore,
  IdempotencyConflict,
  type NewEvent,
  type RecordedEvent,
  StaleGuess,
  type StreamAppend,
  WrongExpectedRevision,
} from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import type { Decider } from '../../domain/decider';
import { ConflictError } from '../../domain/domain-error';
import { EVENT_STORE } from '../event-store/event-store.provider';
import type { RequestContext } from '../http/request-context';
import { beginWrite } from '../database/request-deadline';
import { commandEventId } from './event-ids';
import type { FoldedStates } from './folded-states';
import { metadataOf } from './metadata';

/**
 * The retry policy, the one for every command: a conflict (another writer committed to a stream
 * this command read) means the command is decided again on the fresh state, at once, up to this
 * many times. Each conflict is someone else's progress, so a command only runs out of attempts
 * under a storm of writers on the same streams; it then answers 409 with `busy`.
 */
export const MAX_ATTEMPTS = 50;

const BUSY = 'The request conflicted with other changes. Please try again.';

type AnyEvent = { readonly type: string; readonly data: unknown };

/** How a stream's events fold into its state (methods: a decider of any event type fits). */
export interface StateFold<S> {
  initialState(): S;
  evolve(state: S, event: never): S;
}

/** A stream a command reads: its id, how its state folds, and the states remembered so far. */
export interface StreamSpec<S> {
  readonly streamId: string;
  readonly decider: StateFold<S>;
  /**
   * States folded by earlier commands of this process: only the events after the one remembered
   * are read. Only for streams this command decides on but whose own earlier events it need not
   * find (an idempotent retry is recognised in the streams it writes).
   */
  readonly remembered?: FoldedStates<S>;
  /**
   * Read the stream whole all the same, and only keep its state in `remembered` for other
   * commands: for a command that finds a retry of itself in this stream's earlier events.
   */
  readonly readWhole?: boolean;
}

/** A stream as read for this attempt: its state and the revision the append will expect. */
export interface Loaded<S> {
  readonly streamId: string;
  readonly state: S;
  readonly revision: number | 'no_stream';
  /** The events read (after the remembered state, when there was one). */
  readonly events: readonly RecordedEvent[];
}

export type LoadedOf<T extends readonly StreamSpec<unknown>[]> = {
  readonly [K in keyof T]: T[K] extends StreamSpec<infer S> ? Loaded<S> : never;
};

/** Events to append to a stream read in this attempt, at the revision read. */
export interface StreamEvents {
  readonly streamId: string;
  readonly events: readonly AnyEvent[];
}

/** What the decision came to: appends (possibly none) and the streams it decided on. */
export interface Outcome<A> {
  readonly append: readonly StreamEvents[];
  /** Streams read and decided on, not written, that must be unchanged when the append commits. */
  readonly unchanged?: readonly string[];
  /** An answer of this decision's own (for a decision that writes nothing, say). */
  readonly reply?: (committed: Committed) => A;
}

/** The command's events in the log, whether appended now or by an earlier try of it. */
export interface Committed {
  /** Global position of the command's last event, or where the streams read stand. */
  readonly position: number;
  readonly events: readonly AnyEvent[];
  /** True when nothing was written now: an idempotent retry, or nothing to change. */
  readonly alreadyAppended: boolean;
}

/** Reads more streams within the same attempt (a second round trip, when ids depend on states). */
export type ReadMore = <const T extends readonly StreamSpec<unknown>[]>(
  specs: T,
) => Promise<LoadedOf<T>>;

export interface CommandSpec<T extends readonly StreamSpec<unknown>[], A> {
  /** Client-chosen: events get ids derived from it, so a retry writes nothing and answers alike. */
  readonly commandId: string | null;
  readonly context: RequestContext;
  /** Streams read first, all in one round trip. */
  readonly read: T;
  /** Folds are done; calls the pure decision(s) and says what to append. */
  readonly decide: (loaded: LoadedOf<T>, readMore: ReadMore) => Outcome<A> | Promise<Outcome<A>>;
  /** The answer from the command's events (also for a retry that finds them already written). */
  readonly answer: (committed: Committed) => A;
  /** The 409 message when attempts run out. */
  readonly busy?: string;
  /**
   * Decide the first attempt without reading: each stream at its remembered state, or new (no
   * stream) where none is remembered. The append's revision checks prove the guess (a stream
   * written or kept unchanged at the revision guessed had the state guessed); when it fails, or
   * the decision on it refuses, the next attempt reads. For commands whose streams are mostly
   * new or remembered (a booking of a free slot), and whose answer to a retry of the same command
   * is found by that next read.
   */
  readonly guessFirst?: boolean;
}

/** A command for one stream's decider, with who sent it and the client's command id. */
export interface CommandEnvelope<Command> {
  readonly command: Command;
  readonly context: RequestContext;
  readonly commandId: string | null;
}

/** Thrown by a decision whose reads saw an inconsistent moment: decide again on fresh reads. */
export class ReadAgain extends Error {
  override readonly name = 'ReadAgain';
}

/**
 * The one write loop: read the streams (one round trip, from remembered states where there are
 * some), fold, decide (pure functions), append atomically with each written stream's expected
 * revision and every decided-on stream unchanged, retry on conflict under MAX_ATTEMPTS, and answer
 * a retried command from its events.
 */
@Injectable()
export class CommandPipeline {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async run<const T extends readonly StreamSpec<unknown>[], A>(
    spec: CommandSpec<T, A>,
  ): Promise<A> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.attempt(spec, attempt === 1 && spec.guessFirst === true);
      } catch (error) {
        const conflict =
          error instanceof WrongExpectedRevision ||
          error instanceof StaleGuess ||
          error instanceof IdempotencyConflict ||
          error instanceof ReadAgain;
        if (!conflict) throw error;
        if (attempt >= MAX_ATTEMPTS) throw new ConflictError(spec.busy ?? BUSY);
      }
    }
  }

  /** A command on one stream: its decider's `decide` is the whole decision. */
  decideOn<C, E extends AnyEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    envelope: CommandEnvelope<C>,
  ): Promise<Committed> {
    return this.run({
      commandId: envelope.commandId,
      context: envelope.context,
      read: [stream(streamId, decider)],
      decide: ([loaded]) => ({
        append: [{ streamId, events: decider.decide(envelope.command, loaded.state) }],
      }),
      answer: (committed) => committed,
    });
  }

  /**
   * Streams' states as a command would decide on them now (from remembered states where given),
   * for reads that must not lag behind a command just answered.
   */
  async read<const T extends readonly StreamSpec<unknown>[]>(specs: T): Promise<LoadedOf<T>> {
    return (await this.load(specs)) as LoadedOf<T>;
  }

  private async attempt<const T extends readonly StreamSpec<unknown>[], A>(
    spec: CommandSpec<T, A>,
    guessed: boolean,
  ): Promise<A> {
    const read = new Map<string, Loaded<unknown>>();
    const specs = new Map<string, StreamSpec<unknown>>();
    const readStreams = async <const U extends readonly StreamSpec<unknown>[]>(
      wanted: U,
    ): Promise<LoadedOf<U>> => {
      const loaded = await this.load(wanted);
      wanted.forEach((s, i) => {
        read.set(s.streamId, loaded[i]!);
        specs.set(s.streamId, s);
      });
      return loaded as LoadedOf<U>;
    };
    const first = guessed ? guess(spec.read, read, specs) : await readStreams(spec.read);
    const earlier = this.earlier(spec.commandId, read);
    if (earlier) return spec.answer(earlier);

    const outcome = await decideOn(spec, first, readStreams, guessed);
    const earlierNow = this.earlier(spec.commandId, read);
    if (earlierNow) return spec.answer(earlierNow);
    const answer = outcome.reply ?? spec.answer;
    const appends = outcome.append.filter((a) => a.events.length > 0);
    if (appends.length === 0) {
      return answer({ position: standing(read), events: [], alreadyAppended: true });
    }
    const metadata = metadataOf(spec.context, spec.commandId);
    // A request answered 503 already (the database in trouble) writes nothing.
    beginWrite();
    const result = await this.store.appendToStreams(
      appends.map((a): StreamAppend => {
        const loaded = read.get(a.streamId);
        if (!loaded) throw new Error(`The command appends to ${a.streamId} without reading it`);
        return {
          streamId: a.streamId,
          expectedRevision: loaded.revision,
          events: a.events.map((event, index): NewEvent => ({
            id: commandEventId(spec.commandId, a.streamId, index),
            type: event.type,
            data: event.data,
            metadata,
          })),
        };
      }),
      {
        unchanged: (outcome.unchanged ?? []).map((streamId) => {
          const loaded = read.get(streamId);
          if (!loaded) throw new Error(`The command decided on ${streamId} without reading it`);
          return { streamId, expectedRevision: loaded.revision };
        }),
        guessed,
      },
    );
    for (const a of appends) {
      const s = specs.get(a.streamId);
      const loaded = read.get(a.streamId)!;
      const revision = result.revisions[a.streamId];
      if (s?.remembered && revision !== undefined) {
        s.remembered.remember(a.streamId, foldOn(s, loaded.state, a.events), revision);
      }
    }
    return answer({
      position: result.position,
      events: appends.flatMap((a) => a.events),
      alreadyAppended: result.alreadyAppended,
    });
  }

  private async load(specs: readonly StreamSpec<unknown>[]): Promise<Loaded<unknown>[]> {
    const known = specs.map((s) => (s.readWhole ? undefined : s.remembered?.get(s.streamId)));
    const fromRevision: Record<string, number> = {};
    specs.forEach((s, i) => {
      const k = known[i];
      if (k) fromRevision[s.streamId] = k.revision + 1;
    });
    const histories = await this.store.readStreams(
      specs.map((s) => s.streamId),
      { fromRevision },
    );
    return specs.map((s, i) => {
      const events = histories[i] ?? [];
      const k = known[i];
      const state = foldOn(s, k ? k.state : s.decider.initialState(), events);
      const last = events[events.length - 1];
      const revision = last ? last.streamRevision : (k?.revision ?? 'no_stream');
      s.remembered?.remember(s.streamId, state, revision);
      return { streamId: s.streamId, state, revision, events };
    });
  }

  /** This command's events, if an earlier try of it committed them to a stream read. */
  private earlier(
    commandId: string | null,
    read: ReadonlyMap<string, Loaded<unknown>>,
  ): Committed | null {
    if (!commandId) return null;
    const mine: RecordedEvent[] = [];
    for (const [streamId, loaded] of read) {
      let index = 0;
      for (const event of loaded.events) {
        if (event.id === commandEventId(commandId, streamId, index)) {
          mine.push(event);
          index += 1;
        }
      }
    }
    if (mine.length === 0) return null;
    mine.sort((a, b) => a.globalPosition - b.globalPosition);
    return {
      position: mine[mine.length - 1]!.globalPosition,
      events: mine.map((e) => ({ type: e.type, data: e.data })),
      alreadyAppended: true,
    };
  }
}

/** The streams as guessed: remembered states, or new streams where none is remembered. */
function guess<const T extends readonly StreamSpec<unknown>[]>(
  wanted: T,
  read: Map<string, Loaded<unknown>>,
  specs: Map<string, StreamSpec<unknown>>,
): LoadedOf<T> {
  const loaded = wanted.map((s): Loaded<unknown> => {
    const known = s.remembered?.get(s.streamId);
    return known
      ? { streamId: s.streamId, state: known.state, revision: known.revision, events: [] }
      : {
          streamId: s.streamId,
          state: s.decider.initialState(),
          revision: 'no_stream',
          events: [],
        };
  });
  wanted.forEach((s, i) => {
    read.set(s.streamId, loaded[i]!);
    specs.set(s.streamId, s);
  });
  return loaded as unknown as LoadedOf<T>;
}

/** The decision; on guessed states a refusal is not trusted: the next attempt reads. */
async function decideOn<const T extends readonly StreamSpec<unknown>[], A>(
  spec: CommandSpec<T, A>,
  loaded: LoadedOf<T>,
  readMore: ReadMore,
  guessed: boolean,
): Promise<Outcome<A>> {
  if (!guessed) return spec.decide(loaded, readMore);
  try {
    return await spec.decide(loaded, readMore);
  } catch {
    throw new ReadAgain();
  }
}

function foldOn<S>(spec: StreamSpec<S>, state: S, events: readonly AnyEvent[]): S {
  const evolve = spec.decider.evolve as (state: S, event: AnyEvent) => S;
  return events.reduce((folded, e) => evolve(folded, { type: e.type, data: e.data }), state);
}

/** A stream's events as read (say, up to a revision), folded into its state. */
export function foldRecorded<S>(decider: StateFold<S>, events: readonly AnyEvent[]): S {
  return foldOn({ streamId: '', decider }, decider.initialState(), events);
}

/** Where the streams read stand: the answer's position when nothing was written. */
function standing(read: ReadonlyMap<string, Loaded<unknown>>): number {
  let position = 0;
  for (const loaded of read.values()) {
    const last = loaded.events[loaded.events.length - 1];
    if (last && last.globalPosition > position) position = last.globalPosition;
  }
  return position;
}

/** A stream spec, typed by its decider's state. */
export function stream<S>(
  streamId: string,
  decider: StateFold<S>,
  remembered?: FoldedStates<S>,
  options: { readonly readWhole?: boolean } = {},
): StreamSpec<S> {
  if (!remembered) return { streamId, decider };
  return options.readWhole
    ? { streamId, decider, remembered, readWhole: true }
    : { streamId, decider, remembered };
}
