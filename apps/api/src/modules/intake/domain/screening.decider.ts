import type { ScreeningView } from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';

/** One stream per screening answer set (a custom-form response). */
export const screeningStreamId = (screeningId: string): string => `screening-${screeningId}`;

export interface ScreeningEvent {
  type: 'ScreeningSubmitted';
  data: ScreeningView & { practice_id: string; submitted_by: string };
}

export interface SubmitScreening {
  readonly screening: Omit<ScreeningView, 'submitted_at'> & { practice_id: string };
  readonly by: string;
  readonly now: Date;
}

/** A screening is written once: a retry of the same command writes nothing. */
export const screeningDecider: Decider<SubmitScreening, ScreeningEvent, ScreeningView | null> = {
  initialState: () => null,
  decide: (command, state) =>
    state
      ? []
      : [
          {
            type: 'ScreeningSubmitted',
            data: {
              ...command.screening,
              submitted_by: command.by,
              submitted_at: command.now.toISOString(),
            },
          },
        ],
  evolve: (_state, event) => {
    const { practice_id: _p, submitted_by: _by, ...view } = event.data;
    return view;
  },
};
