import type { HoldView } from '@medbook/contracts';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import { Chip } from '@mui/material';
import { useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { holdMinutesLeft$ } from '../streams/hold-minutes.stream';
import { useTranslation } from '../../../shared/i18n';

/** The slot is held for the patient: how long the desk has left to book it. */
export function HoldCountdown({ hold }: { hold: HoldView }) {
  const left = useObservableState(
    useMemo(() => holdMinutesLeft$(hold.expires_at), [hold.expires_at]),
  );
  const { t } = useTranslation();
  if (left === undefined) return null;
  return (
    <Chip
      icon={<TimerOutlined />}
      color={left > 2 ? 'success' : 'warning'}
      variant="outlined"
      size="small"
      label={left > 0 ? t('frontDesk.heldFor', { count: left }) : t('frontDesk.holdExpired')}
      data-testid="hold-countdown"
      role="status"
    />
  );
}
