import type { AppointmentReport } from '@medbook/contracts';
import { render, screen, within } from '@testing-library/react';
import { ReportTable } from './components/report-table';
import { defaultReportFilters, periodLabel, reportQuery, statusColumns } from './report-rules';

const report: AppointmentReport = {
  from: '2026-04-01',
  to: '2026-04-30',
  period: 'week',
  provider_id: null,
  status: null,
  providers: [],
  rows: [
    {
      period_start: '2026-04-06',
      provider_id: 'p1',
      provider_name: 'Ann, "Nan" Lee',
      by_status: { Scheduled: 2, Canceled: 1 },
      total: 3,
    },
    {
      period_start: '2026-04-13',
      provider_id: 'p2',
      provider_name: 'Bo Chen',
      by_status: { 'No-Show': 1 },
      total: 1,
    },
  ],
  totals: { by_status: { Scheduled: 2, Canceled: 1, 'No-Show': 1 }, total: 4 },
};

describe('appointments report', () => {
  it('opens on four weeks either side of today, by week, every provider and status', () => {
    const filters = defaultReportFilters(new Date('2026-04-15T10:00:00Z'));
    expect(filters).toEqual({
      from: '2026-03-18',
      to: '2026-05-13',
      period: 'week',
      providerId: '',
      status: '',
    });
    expect(reportQuery(filters).toString()).toBe('period=week&from=2026-03-18&to=2026-05-13');
    expect(
      reportQuery({ ...filters, period: 'day', providerId: 'p1', status: 'No-Show' }).toString(),
    ).toBe('period=day&from=2026-03-18&to=2026-05-13&provider_id=p1&status=No-Show');
  });

  it('shows only the statuses that hold a visit, in the spec’s order', () => {
    expect(statusColumns(report)).toEqual(['No-Show', 'Scheduled', 'Canceled']);
  });

  it('names each period as people say it', () => {
    expect(periodLabel('day', '2026-04-06')).toBe('Mon, Apr 6, 2026');
    expect(periodLabel('week', '2026-04-06')).toBe('Week of Apr 6, 2026');
    expect(periodLabel('month', '2026-04-01')).toBe('April 2026');
  });

  it('draws a row per period and provider with the totals below', () => {
    render(<ReportTable report={report} />);
    const rows = screen.getAllByTestId('report-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Ann, "Nan" Lee')).toBeTruthy();
    expect(rows[0]!.textContent).toBe('Week of Apr 6, 2026Ann, "Nan" Lee3021');
    expect(screen.getByTestId('report-total').textContent).toBe('Total4121');
  });

  it('says so when the range holds no appointment', () => {
    render(<ReportTable report={{ ...report, rows: [], totals: { by_status: {}, total: 0 } }} />);
    expect(screen.getByText('No appointments in this range.')).toBeTruthy();
  });
});
