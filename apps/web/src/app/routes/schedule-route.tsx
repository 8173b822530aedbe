import { AppointmentTimelineButton } from '../../features/audit/components/appointment-timeline';
import { ScheduleRoute } from '../../features/schedule/components/schedule-route';
import { useTranslation } from '../../shared/i18n';
import { currentUser } from '../../shared/session';

/**
 * The practice's schedule, its drawer with the appointment's timeline where the reader may see
 * it (the trail is for the practice's admins).
 */
export function PracticeScheduleRoute() {
  const { t } = useTranslation();
  const admin = currentUser()?.type === 'PracticeAdmin';
  return (
    <ScheduleRoute
      history={
        admin
          ? (appointmentId) => (
              <AppointmentTimelineButton
                appointmentId={appointmentId}
                label={t('schedule.drawer.history')}
              />
            )
          : undefined
      }
    />
  );
}
