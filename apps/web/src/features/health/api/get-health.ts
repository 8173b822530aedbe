import type { HealthReport } from '@medbook/contracts';
import { api } from '../../../shared/api-client';

/** The operators' health report: database, log head and each projection (super user, support). */
export function getHealth(): Promise<HealthReport> {
  return api<HealthReport>('GET', '/ops/health');
}
