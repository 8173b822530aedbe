import type { AuditVerificationReport, CommandAccepted, HealthReport } from '@medbook/contracts';
import { api } from '../../../shared/api-client';

/** The operators' health report: database, log head and each projection (super user, support). */
export function getHealth(): Promise<HealthReport> {
  return api<HealthReport>('GET', '/ops/health');
}

/** An operator skips the event a projection is stuck on, saying why (recorded as an event). */
export function parkEvent(projection: string, position: number, reason: string) {
  return api<CommandAccepted>(
    'POST',
    `/ops/projections/${encodeURIComponent(projection)}/parked-events`,
    { position, reason },
  );
}

/** The last `npm run audit:verify` and the log's last seal (super user, support). */
export function getAuditVerification(): Promise<AuditVerificationReport> {
  return api<AuditVerificationReport>('GET', '/ops/audit-verification');
}
