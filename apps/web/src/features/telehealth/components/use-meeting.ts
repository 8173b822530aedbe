import type { MeetingView } from '@medbook/contracts';
import { useObservableCallback, useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { settled } from '../../../live/settled';
import { meeting$ } from '../streams/meeting.stream';

/** The meeting on screen, live; `refresh` reads it again at once (after the user's own change). */
export function useMeeting(appointmentId: string): {
  readonly meeting: MeetingView | undefined;
  readonly error: unknown;
  readonly refresh: () => void;
} {
  const [refresh, refresh$] = useObservableCallback<void>();
  const shown = useObservableState(
    useMemo(() => settled(meeting$(appointmentId, refresh$)), [appointmentId, refresh$]),
  );
  return { meeting: shown?.value, error: shown?.error, refresh: () => refresh() };
}
