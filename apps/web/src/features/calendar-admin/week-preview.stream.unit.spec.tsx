import type { CalendarPreviewView } from '@medbook/contracts';
import { firstValueFrom, Subject, take, toArray } from 'rxjs';
import { slotRuns } from './preview-runs';
import { weekPreview$ } from './streams/week-preview.stream';

const slot = (start: string, end: string) => ({ start_date: start, end_date: end });

describe('the week preview', () => {
  it('tells back-to-back slots as one run, a gap as two', () => {
    expect(
      slotRuns([
        slot('2026-03-09T17:30:00Z', '2026-03-09T18:00:00Z'),
        slot('2026-03-09T12:00:00Z', '2026-03-09T12:30:00Z'),
        slot('2026-03-09T12:30:00Z', '2026-03-09T13:00:00Z'),
      ]),
    ).toEqual([
      { start: '2026-03-09T12:00:00Z', end: '2026-03-09T13:00:00Z', slots: 2 },
      { start: '2026-03-09T17:30:00Z', end: '2026-03-09T18:00:00Z', slots: 1 },
    ]);
  });

  it('asks once an edit pauses, only for the latest settings, and keeps the last week on a refusal', async () => {
    const settings$ = new Subject<Record<string, unknown>>();
    const asked: unknown[] = [];
    const week = { start_date: '2026-03-09', days: [] } as unknown as CalendarPreviewView;
    const states = firstValueFrom(
      weekPreview$(
        settings$,
        (body) => {
          asked.push(body);
          return body.time_step === 7
            ? Promise.reject(new Error('refused'))
            : Promise.resolve(week);
        },
        () => 'The time step must divide each span of hours evenly.',
        5,
      ).pipe(take(4), toArray()),
    );
    settings$.next({ time_step: 15 });
    settings$.next({ time_step: 30 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    settings$.next({ time_step: 7 });
    expect(await states).toEqual([
      { week: null, error: null, loading: true },
      { week, error: null, loading: false },
      { week, error: null, loading: true },
      { week, error: 'The time step must divide each span of hours evenly.', loading: false },
    ]);
    expect(asked).toEqual([{ time_step: 30 }, { time_step: 7 }]);
  });
});
