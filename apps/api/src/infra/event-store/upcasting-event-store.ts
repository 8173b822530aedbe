import type {
  AppendOptions,
  EventStore,
  ExpectedRevision,
  LogPosition,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  SubscribeOptions,
} from '@medbook/event-store';

/**
 * Reads a kind of event the code no longer writes as the events that now tell the same facts.
 * The events it returns keep the stored one's stream, revision, place in the log, time and
 * metadata; their ids are new and always the same for the same stored event.
 */
export interface Upcaster {
  readonly type: string;
  upcast(event: RecordedEvent): Promise<RecordedEvent[]>;
}

/**
 * The event store as the code reads it: every read and subscription passes old events through
 * their upcaster, so no reader knows the old shapes. Writes and the log's bookkeeping go straight
 * through; the stored events are never rewritten.
 */
export class UpcastingEventStore implements EventStore {
  private readonly upcasters: ReadonlyMap<string, Upcaster>;

  constructor(
    private readonly inner: EventStore,
    upcasters: readonly Upcaster[],
  ) {
    this.upcasters = new Map(upcasters.map((upcaster) => [upcaster.type, upcaster]));
  }

  appendToStream(streamId: string, events: readonly NewEvent[], expected?: ExpectedRevision) {
    return this.inner.appendToStream(streamId, events, expected);
  }

  appendToStreams(appends: readonly StreamAppend[], options?: AppendOptions) {
    return this.inner.appendToStreams(appends, options);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    const backwards = options?.direction === 'backwards';
    return this.upcast(await this.inner.readStream(streamId, options), backwards);
  }

  async readStreams(
    streamIds: readonly string[],
    options?: { readonly fromRevision?: Readonly<Record<string, number>> },
  ): Promise<RecordedEvent[][]> {
    const streams = await this.inner.readStreams(streamIds, options);
    const upcast: RecordedEvent[][] = [];
    for (const events of streams) upcast.push(await this.upcast(events));
    return upcast;
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.upcast(await this.inner.readAll(options));
  }

  subscribeToAll(options: SubscribeOptions) {
    return this.inner.subscribeToAll({
      ...options,
      handle: async (events) => options.handle(await this.upcast(events)),
    });
  }

  head() {
    return this.inner.head();
  }

  countAfter(after: LogPosition, cap: number) {
    return this.inner.countAfter(after, cap);
  }

  holdup(cap: number) {
    return this.inner.holdup(cap);
  }

  logPositionOf(position: number) {
    return this.inner.logPositionOf(position);
  }

  close() {
    return this.inner.close();
  }

  /** Read backwards, a stored event's facts come last one first, like the events around them. */
  private async upcast(
    events: readonly RecordedEvent[],
    backwards = false,
  ): Promise<RecordedEvent[]> {
    if (!events.some((event) => this.upcasters.has(event.type))) return [...events];
    const read: RecordedEvent[] = [];
    // In order: an upcaster may remember what the stream's earlier events said.
    for (const event of events) {
      const upcaster = this.upcasters.get(event.type);
      if (!upcaster) read.push(event);
      else if (backwards) read.push(...(await upcaster.upcast(event)).reverse());
      else read.push(...(await upcaster.upcast(event)));
    }
    return read;
  }
}
