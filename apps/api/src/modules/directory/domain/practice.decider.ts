import type { Decider } from '../../../domain/decider';
import { ConflictError } from '../../../domain/domain-error';
import {
  evolvePractice,
  initialPracticeState,
  type PracticeEvent,
  type PracticeState,
} from './practice.events';

export interface RegisterPractice {
  readonly type: 'RegisterPractice';
  readonly practiceId: string;
  readonly name: string;
  readonly timeZone: string;
  readonly now: Date;
}

export type PracticeCommand = RegisterPractice;

export const PRACTICE_ALREADY_REGISTERED = 'This practice is already registered.';

export function decidePractice(command: PracticeCommand, state: PracticeState): PracticeEvent[] {
  switch (command.type) {
    case 'RegisterPractice':
      if (state.status === 'registered') throw new ConflictError(PRACTICE_ALREADY_REGISTERED);
      return [
        {
          type: 'PracticeRegistered',
          data: {
            practice_id: command.practiceId,
            name: command.name.trim(),
            time_zone: command.timeZone,
            registered_at: command.now.toISOString(),
          },
        },
      ];
    default: {
      const unknown: never = command.type;
      return unknown;
    }
  }
}

export const practiceDecider: Decider<PracticeCommand, PracticeEvent, PracticeState> = {
  initialState: initialPracticeState,
  decide: decidePractice,
  evolve: evolvePractice,
};
