import type { LogProblem } from './audit-log.events';
import { SEALS_STREAM } from './audit-log.events';

/** Problems kept in full (the count goes on); the report names the first in log order. */
export const KEPT_PROBLEMS = 1000;

/** A row as PostgreSQL answers it: revision and position as text. */
export interface EventRow {
  readonly stream_id: string;
  readonly stream_revision: string;
  readonly global_position: string;
}

/**
 * What a verification found: the events' own problems, then the seals' (a seal's range that does
 * not add up is the consequence of its events' problems, or the only trace of a change that kept
 * the chains intact); every one counted, the first KEPT_PROBLEMS kept.
 */
export class LogProblems {
  private readonly events: LogProblem[] = [];
  private readonly seals: LogProblem[] = [];
  private total = 0;

  get count(): number {
    return this.total;
  }

  /** Whether a seal's range failed: only then are the sealed heads read, to name what is gone. */
  get sealsFailed(): boolean {
    return this.seals.length > 0;
  }

  /** The events' problems by position (those without one last), then the seals'. */
  list(): LogProblem[] {
    return [...this.events.sort(byPosition), ...this.seals].slice(0, KEPT_PROBLEMS);
  }

  add(problem: LogProblem): void {
    this.total += 1;
    if (this.events.length < KEPT_PROBLEMS) this.events.push(problem);
  }

  event(row: EventRow, problem: string): void {
    this.add({
      stream_id: row.stream_id,
      revision: Number(row.stream_revision),
      position: Number(row.global_position),
      problem,
    });
  }

  missing(streamId: string, from: number, to: number, position: number | null): void {
    this.add({
      stream_id: streamId,
      revision: from,
      position,
      problem:
        from === to ? `revision ${from} is missing` : `revisions ${from} to ${to} are missing`,
    });
  }

  seal(seal: Omit<EventRow, 'stream_id'>, problem: string): void {
    this.total += 1;
    this.seals.push({
      stream_id: SEALS_STREAM,
      revision: Number(seal.stream_revision),
      position: Number(seal.global_position),
      problem,
    });
  }
}

function byPosition(a: LogProblem, b: LogProblem): number {
  return (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER);
}
