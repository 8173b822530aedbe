import { fold } from '../../../domain/decider';
import { ConflictError } from '../../../domain/domain-error';
import {
  PRACTICE_ALREADY_REGISTERED,
  practiceDecider,
  type RegisterPractice,
} from './practice.decider';
import type { PracticeEvent } from './practice.events';

const now = new Date('2026-11-23T09:30:00Z');
const register: RegisterPractice = {
  type: 'RegisterPractice',
  practiceId: 'c0ffee00-0000-4000-8000-000000000001',
  name: '  Lakeside Family Medicine ',
  timeZone: 'America/Chicago',
  now,
};

const given = (events: PracticeEvent[]) => ({
  when: (command: RegisterPractice) => () =>
    practiceDecider.decide(command, fold(practiceDecider, events)),
});

describe('RegisterPractice', () => {
  it('registers a new practice with its trimmed name, zone and the time it was registered', () => {
    expect(given([]).when(register)()).toEqual([
      {
        type: 'PracticeRegistered',
        data: {
          practice_id: register.practiceId,
          name: 'Lakeside Family Medicine',
          time_zone: 'America/Chicago',
          registered_at: '2026-11-23T09:30:00.000Z',
        },
      },
    ]);
  });

  it('refuses to register the same practice twice', () => {
    const history = given([]).when(register)() as PracticeEvent[];
    const twice = given(history).when(register);
    expect(twice).toThrow(ConflictError);
    expect(twice).toThrow(PRACTICE_ALREADY_REGISTERED);
  });
});
