import type { Envelope, HealthReport } from '@medbook/contracts';

export async function getHealth(signal?: AbortSignal): Promise<HealthReport> {
  const response = await fetch('/api/v1/health', {
    signal,
    headers: { accept: 'application/json' },
  });
  const body = (await response.json()) as Envelope<HealthReport>;
  if (!response.ok) throw new Error(body.message);
  return body.data;
}
