import type { AppointmentStatus, AppointmentView } from '@medbook/contracts';
import StarOutlineIcon from '@mui/icons-material/StarBorder';
import VideoCallIcon from '@mui/icons-material/VideoCall';
import { Button } from '@mui/material';
import { DateTime } from 'luxon';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n';

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
 * "Join video visit" on a patient's appointment card: from the day before until two hours after
 * the visit's end, for a video visit that can still happen; "Rate your visit" after it took
 * place. Null when neither applies.
 */
export function JoinVideoVisitButton({ appointment: a }: { appointment: AppointmentView }) {
  const { t } = useTranslation();
  if (a.visit_type !== 'Telehealth') return null;
  const now = DateTime.now();
  // The review request after the visit: for two weeks, the visit's page asks for a rating.
  if (a.status === 'Checked-Out') {
    if (now > DateTime.fromISO(a.end_date).plus({ days: 14 })) return null;
    return (
      <Button
        component={RouterLink}
        to={`/meeting/${a.appointment_id}`}
        size="small"
        startIcon={<StarOutlineIcon />}
        data-testid="rate-visit"
      >
        {t('visits.rateVisit')}
      </Button>
    );
  }
  if (!JOINABLE.includes(a.status)) return null;
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
      {a.status === 'In Progress' ? t('visits.rejoinVideo') : t('visits.joinVideo')}
    </Button>
  );
}
