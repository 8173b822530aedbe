import type { AppointmentStatus } from '@medbook/contracts';
import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from './i18n';

const COLORS: Partial<Record<AppointmentStatus, ChipProps['color']>> = {
  Scheduled: 'primary',
  Confirmed: 'primary',
  Accepted: 'primary',
  Pending: 'warning',
  'Checked-In': 'success',
  'Waiting-Room': 'success',
  'In Progress': 'success',
  Rejected: 'error',
  'No-Show': 'error',
};

/** The palette colour of a status, for whatever else shows it (the schedule's blocks). */
export const statusColor = (status: AppointmentStatus): NonNullable<ChipProps['color']> =>
  COLORS[status] ?? 'default';

/**
 * An appointment's status as a coloured chip. The practice's lists set `outlineFinished` so
 * visits that are over (canceled or checked out) stand back from the ones still to handle.
 */
export function StatusChip({
  status,
  outlineFinished = false,
}: {
  status: AppointmentStatus;
  outlineFinished?: boolean;
}) {
  const finished = status === 'Canceled' || status === 'Checked-Out';
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`dashboard.status.${status}`)}
      color={COLORS[status] ?? 'default'}
      variant={outlineFinished && finished ? 'outlined' : 'filled'}
      data-testid="status"
    />
  );
}
