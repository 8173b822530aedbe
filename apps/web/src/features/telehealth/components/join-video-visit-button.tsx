import type { AppointmentStatus, AppointmentView } from '@medbook/contracts';
import VideoCallIcon from '@mui/icons-material/VideoCall';
import { Button } from '@mui/material';
import { DateTime } from 'luxon';
import { Link as RouterLink } from 'react-router';

/** The statuses in which a video visit can still take place (not a pending request). */
const JOINABLE: readonly AppointmentStatus[] = [
  'Scheduled',
  'Accepted',
  'Confirmed',
  'Checked-In',
  'Waiting-Room',
  'In Progress',
];

/**
 * "Join video visit" on a patient's appointment card: from the day before until the visit's
 * end, for a video visit that can still happen. Null when it does not apply.
 */
export function JoinVideoVisitButton({ appointment: a }: { appointment: AppointmentView }) {
  if (a.visit_type !== 'Telehealth' || !JOINABLE.includes(a.status)) return null;
  const now = DateTime.now();
  const opens = DateTime.fromISO(a.start_date).minus({ days: 1 });
  const closes = DateTime.fromISO(a.end_date).plus({ hours: 2 });
  if (now < opens || now > closes) return null;
  return (
    <Button
      component={RouterLink}
      to={`/meeting/readiness/${a.appointment_id}`}
      variant="contained"
      size="small"
      startIcon={<VideoCallIcon />}
      data-testid="join-video-visit"
    >
      {a.status === 'In Progress' ? 'Rejoin video visit' : 'Join video visit'}
    </Button>
  );
}
