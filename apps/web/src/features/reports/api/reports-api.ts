import type { AppointmentReport } from '@medbook/contracts';
import { api } from '../../../shared/api-client';
import { userAccessToken } from '../../../shared/session';
import { type ReportFilters, reportQuery } from '../report-rules';

const base = (practiceId: string) =>
  `/practices/${encodeURIComponent(practiceId)}/reports/appointments`;

export const reportsApi = {
  report: (practiceId: string, filters: ReportFilters) =>
    api<AppointmentReport>('GET', `${base(practiceId)}?${reportQuery(filters).toString()}`),
  /** Saves the CSV file the API makes, under the name it gives. */
  async download(practiceId: string, filters: ReportFilters): Promise<void> {
    const token = await userAccessToken();
    const response = await fetch(
      `/api/v1${base(practiceId)}/csv?${reportQuery(filters).toString()}`,
      { headers: token ? { authorization: `Bearer ${token}` } : {} },
    );
    if (!response.ok) throw new Error('The export could not be made. Please try again.');
    const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name?.[1] ?? 'appointments.csv';
    link.click();
    URL.revokeObjectURL(url);
  },
};
