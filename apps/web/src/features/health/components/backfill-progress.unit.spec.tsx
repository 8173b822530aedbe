import { render, screen } from '@testing-library/react';
import { BackfillProgress } from './backfill-progress';

it('shows how far a back-fill got, as a bar and in words', () => {
  render(
    <BackfillProgress
      name="analytics"
      backfill={{
        applied: 25_000,
        total: 100_000,
        events_per_second: 5_000,
        started_at: '2026-11-25T14:00:00.000Z',
      }}
    />,
  );
  const bar = screen.getByRole('progressbar', { name: 'analytics back-fill progress' });
  expect(bar.getAttribute('aria-valuenow')).toBe('25');
  expect(screen.getByTestId('backfill-analytics').textContent).toContain(
    '25,000 / 100,000 events, 5,000 events/s',
  );
});
