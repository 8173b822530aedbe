import type { EventStore } from '@medbook/event-store';
import type { Sql } from 'postgres';
import { metadataOf } from '../../../infra/event-sourcing/metadata';
import { systemContext } from '../../../infra/http/request-context';
import { LOG_VERIFIED, type LogVerified, VERIFICATIONS_STREAM } from './audit-log.events';
import { newId } from '../../../infra/event-sourcing/event-ids';
import { LogVerifier, type VerificationProgress } from './log-verifier';

const SYSTEM = systemContext('audit-verify');

/**
 * Verifies the log and records the outcome as a LogVerified event (the ops page shows the last).
 * A log too damaged to take the record (its verifications stream cut) still gets its answer.
 */
export async function verifyAndRecord(
  sql: Sql,
  store: EventStore,
  onProgress?: (progress: VerificationProgress) => void,
): Promise<{ verified: LogVerified['data']; recorded: boolean }> {
  const report = await new LogVerifier(sql).verify(onProgress);
  const verified: LogVerified['data'] = {
    started_at: report.startedAt.toISOString(),
    finished_at: report.finishedAt.toISOString(),
    events: report.events,
    streams: report.streams,
    seals: report.seals,
    sealed_through: report.sealedThrough,
    ok: report.problemCount === 0,
    first_problem: report.problems[0] ?? null,
    problems: report.problemCount,
  };
  try {
    await store.appendToStream(VERIFICATIONS_STREAM, [
      { id: newId(), type: LOG_VERIFIED, data: verified, metadata: metadataOf(SYSTEM, null) },
    ]);
    return { verified, recorded: true };
  } catch {
    return { verified, recorded: false };
  }
}

/** A verification's outcome in one line, as the CLI prints it. */
export function describeVerification(verified: LogVerified['data']): string {
  const problem = verified.first_problem;
  if (!problem) {
    const sealed = verified.sealed_through
      ? `${verified.seals} seals through position ${verified.sealed_through.position}`
      : 'no seal yet';
    return `The log is intact: ${verified.events} events in ${verified.streams} streams, ${sealed}.`;
  }
  const where = problem.position === null ? 'position unknown' : `position ${problem.position}`;
  const more = verified.problems > 1 ? ` (${verified.problems - 1} more problems found)` : '';
  return `The log was tampered with: stream ${problem.stream_id}, revision ${problem.revision}, ${where}: ${problem.problem}${more}.`;
}
