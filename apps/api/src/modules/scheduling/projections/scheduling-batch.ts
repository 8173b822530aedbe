import type { RecordedEvent } from '@medbook/event-store';
import type { ProjectionContext } from '../../../infra/projections/projection';
export type { SchedulingEvent } from './scheduling-batch.state';
import type { SchedulingEvent } from './scheduling-batch.state';
import { load } from './scheduling-batch.load';
import { fold } from './scheduling-batch.fold';
import { save } from './scheduling-batch.save';

/**
 * A batch of the scheduling projection's events, in log order: the rows it touches are read in
 * one query per table, the events folded over them in memory with the rules event-by-event
 * statements had, the live messages queued as each event is folded, and the changed rows
 * written in one statement per table. Replaying, nothing is published, so the work that only
 * serves messages (the vanished slots) is skipped.
 */
export async function applySchedulingBatch(
  events: readonly RecordedEvent[],
  context: ProjectionContext,
  handled: ReadonlySet<string>,
): Promise<void> {
  const mine: { recorded: RecordedEvent; event: SchedulingEvent }[] = [];
  for (const recorded of events) {
    if (!handled.has(recorded.type)) continue;
    mine.push({ recorded, event: { type: recorded.type, data: recorded.data } as SchedulingEvent });
  }
  if (mine.length === 0) return;
  const state = await load(
    context.trx,
    mine.map((m) => m.event),
  );
  const live = !context.replaying;
  for (const { recorded, event } of mine) {
    fold(state, event, String(recorded.globalPosition), recorded.globalPosition, context, live);
  }
  await save(context.trx, state);
}
