import type { AuditVerificationReport } from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE } from '../../../infra/event-store/event-store.provider';
import {
  type LogSealed,
  type LogVerified,
  SEALS_STREAM,
  VERIFICATIONS_STREAM,
} from './audit-log.events';

/** The last verification of the log and its last seal, read from their streams. */
@Injectable()
export class AuditLogService {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async report(): Promise<AuditVerificationReport> {
    const last = { direction: 'backwards', maxCount: 1 } as const;
    const [[verification], [seal]] = await Promise.all([
      this.store.readStream(VERIFICATIONS_STREAM, last),
      this.store.readStream(SEALS_STREAM, last),
    ]);
    const sealed = seal?.data as LogSealed['data'] | undefined;
    return {
      last_verification: (verification?.data as LogVerified['data'] | undefined) ?? null,
      last_seal:
        seal && sealed
          ? {
              sealed_at: seal.recordedAt.toISOString(),
              through: sealed.through,
              total_events: sealed.total_events,
            }
          : null,
    };
  }
}
