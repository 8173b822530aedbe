export interface PracticeRegistered {
  readonly type: 'PracticeRegistered';
  readonly data: {
    readonly practice_id: string;
    readonly name: string;
    readonly time_zone: string;
    readonly registered_at: string;
  };
}

export type PracticeEvent = PracticeRegistered;

export type PracticeState =
  | { readonly status: 'unregistered' }
  | { readonly status: 'registered'; readonly name: string; readonly timeZone: string };

export const initialPracticeState = (): PracticeState => ({ status: 'unregistered' });

export function evolvePractice(state: PracticeState, event: PracticeEvent): PracticeState {
  switch (event.type) {
    case 'PracticeRegistered':
      return { status: 'registered', name: event.data.name, timeZone: event.data.time_zone };
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}

export const practiceStreamId = (practiceId: string) => `practice-${practiceId}`;
