import { DeciderSpecification } from '../../../domain/decider-specification';
import {
  type Demographics,
  type DemographicsEvent,
  demographicsDecider,
  type RecordDemographics,
} from './demographics.decider';

const given = DeciderSpecification.for(demographicsDecider);
const NOW = new Date('2026-11-23T10:00:00Z');
const PATIENT = '00000000-0000-4000-8000-0000000000p1';
const address = {
  address1: '1 Main St',
  address2: null,
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
};
const first: Demographics = {
  race_code: '2106-3',
  ethnicity_code: '2186-5',
  language_code: 'en',
  birth_date: '1990-04-01',
  sex: 'Female',
  address,
};
const record = (demographics: Partial<Demographics>): RecordDemographics => ({
  patientId: PATIENT,
  demographics,
  by: PATIENT,
  now: NOW,
});
const recorded = (demographics: Demographics): DemographicsEvent => ({
  type: 'PatientDemographicsRecorded',
  data: {
    ...demographics,
    patient_id: PATIENT,
    recorded_by: PATIENT,
    recorded_at: NOW.toISOString(),
  },
});

describe('recording demographics', () => {
  it('records the first save, with what was not given left empty', () => {
    given([])
      .when(record({ language_code: 'en' }))
      .then([
        recorded({
          race_code: null,
          ethnicity_code: null,
          language_code: 'en',
          birth_date: null,
          sex: null,
          address: null,
        }),
      ]);
  });

  it('replaces only the fields given and keeps the rest as recorded', () => {
    given([recorded(first)])
      .when(record({ language_code: 'es', sex: undefined }))
      .then([recorded({ ...first, language_code: 'es' })]);
  });

  it('replaces the whole address when one is given', () => {
    const moved = { ...address, address1: '2 Elm St' };
    given([recorded(first)])
      .when(record({ address: moved }))
      .then([recorded({ ...first, address: moved })]);
  });
});
