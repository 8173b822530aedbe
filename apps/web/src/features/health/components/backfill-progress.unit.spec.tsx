import { act, render, screen } from '@testing-library/react';
import { setLanguage } from '../../../shared/i18n';
import { BackfillProgress } from './backfill-progress';

const backfill = {
  applied: 25_000,
  total: 100_000,
  events_per_second: 5_000,
  started_at: '2026-11-25T14:00:00.000Z',
};

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

it('says it in Spanish, with Spanish digits, when Spanish is chosen', async () => {
  await act(() => setLanguage('es'));
  try {
    render(<BackfillProgress name="analytics" backfill={backfill} />);
    expect(
      screen.getByRole('progressbar', { name: 'Progreso de la reconstrucción de analytics' }),
    ).toBeTruthy();
    expect(screen.getByTestId('backfill-analytics').textContent).toContain(
      '25.000 / 100.000 eventos, 5000 eventos/s',
    );
  } finally {
    await act(() => setLanguage('en'));
    localStorage.clear();
  }
});
