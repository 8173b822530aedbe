import { DeciderSpecification } from '../../../domain/decider-specification';
import { ConflictError } from '../../../domain/domain-error';
import {
  PRACTICE_ALREADY_REGISTERED,
  practiceDecider,
  type RegisterPractice,
} from './practice.decider';
import type { PracticeEvent } from './practice.events';

const given = DeciderSpecification.for(practiceDecider);
const now = new Date('2026-11-23T09:30:00Z');
const register: RegisterPractice = {
  type: 'RegisterPractice',
  practiceId: 'c0ffee00-0000-4000-8000-000000000001',
  name: '  Lakeside Family Medicine ',
  timeZone: 'America/Chicago',
  now,
};
const registered: PracticeEvent = {
  type: 'PracticeRegistered',
  data: {
    practice_id: register.practiceId,
    name: 'Lakeside Family Medicine',
    time_zone: 'America/Chicago',
    registered_at: '2026-11-23T09:30:00.000Z',
  },
};

describe('RegisterPractice', () => {
  it('registers a new practice with its trimmed name, zone and the time it was registered', () => {
    given([]).when(register).then([registered]);
  });

  it('refuses to register the same practice twice', () => {
    given([registered]).when(register).thenThrows(ConflictError, PRACTICE_ALREADY_REGISTERED);
  });
});
