import type { HoldView } from '@medbook/contracts';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import { Chip } from '@mui/material';
import { useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { holdMinutesLeft$ } from '../streams/hold-minutes.stream';

/** The slot is held for the patient: how long the desk has left to book it. */
export function HoldCountdown({ hold }: { hold: HoldView }) {
  const left = useObservableState(
    useMemo(() => holdMinutesLeft$(hold.expires_at), [hold.expires_at]),
  );
  if (left === undefined) return null;
  return (
    <Chip
      icon={<TimerOutlined />}
      color={left > 2 ? 'success' : 'warning'}
      variant="outlined"
      size="small"
      label={left > 0 ? `Held for ${left} min` : 'Hold expired'}
      data-testid="hold-countdown"
      role="status"
    />
  );
}
