import type { AppointmentStatus } from '@medbook/contracts';
import { Chip, type ChipProps } from '@mui/material';

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

export function StatusChip({ status }: { status: AppointmentStatus }) {
  return (
    <Chip
      size="small"
      label={status}
      color={COLORS[status] ?? 'default'}
      variant={status === 'Canceled' || status === 'Checked-Out' ? 'outlined' : 'filled'}
      data-testid="status"
    />
  );
}
