import { DeciderSpecification } from '../../../domain/decider-specification';
import { type ScreeningEvent, screeningDecider, type SubmitScreening } from './screening.decider';

const given = DeciderSpecification.for(screeningDecider);
const NOW = new Date('2026-11-23T10:00:00Z');
const submit: SubmitScreening = {
  screening: {
    screening_id: '00000000-0000-4000-8000-0000000000s1',
    calendar_id: '00000000-0000-4000-8000-0000000000c1',
    practice_id: '00000000-0000-4000-8000-0000000000a1',
    patient_id: '00000000-0000-4000-8000-0000000000p1',
    form_id: 'covid-screening',
    answers: { fever: 'No' },
  },
  by: 'patient-1',
  now: NOW,
};
const submitted: ScreeningEvent = {
  type: 'ScreeningSubmitted',
  data: { ...submit.screening, submitted_by: 'patient-1', submitted_at: NOW.toISOString() },
};

describe('submitting a screening', () => {
  it('records the answers', () => {
    given([]).when(submit).then([submitted]);
  });

  it('writes a screening once: a retry changes nothing', () => {
    given([submitted]).when(submit).thenNothing();
  });
});
