import type { VisitFeedbackView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import { offeredSurveys } from './survey-invitations';

const NOW = DateTime.fromISO('2026-11-26T12:00:00Z');
const visit = (id: string, invited: string | null, link: string | null = 'https://s.example/x') =>
  ({
    appointment_id: id,
    practice_id: 'p1',
    provider_id: 'd1',
    provider_name: 'Dr. Rosa Lindqvist',
    start_date: '2026-11-20T15:00:00Z',
    time_zone: 'America/New_York',
    status: 'Checked-Out',
    completed: true,
    survey_link: link,
    survey_invited_at: invited,
    feedback_enabled: true,
    review_given: false,
    review: null,
  }) satisfies VisitFeedbackView;

describe('the surveys offered on the dashboard', () => {
  it('are those sent in the last week, not put away', () => {
    const visits = [
      visit('a', '2026-11-26T11:00:00Z'),
      visit('b', '2026-11-19T13:00:00Z'),
      visit('c', '2026-11-18T11:00:00Z'),
      visit('d', null),
      visit('e', '2026-11-26T10:00:00Z', null),
      visit('f', '2026-11-25T10:00:00Z'),
    ];
    expect(offeredSurveys(visits, ['f'], NOW).map((v) => v.appointment_id)).toEqual(['a', 'b']);
  });
});
