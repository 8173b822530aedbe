import { type AppointmentView, appointmentCode, onWalkInBoard } from '@medbook/contracts';
import EventIcon from '@mui/icons-material/Event';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import type { ReactNode } from 'react';
import { calledOffReason, directionsUrl, mayChange, postalAddress } from '../appointment-sections';
import { downloadIcs, icsEvent, visitEvent } from '../ics';
import { StatusChip } from '../../../shared/status-chip';
import { useTranslation } from '../../../shared/i18n';
import { DATE_FORMATS, formatDate } from '../../../shared/i18n/dates';

interface Props {
  readonly appointment: AppointmentView;
  /** The dashboard's section it is listed in: upcoming visits offer directions and a calendar file. */
  readonly section: 'upcoming' | 'calledOff' | 'past';
  readonly selfId: string;
  readonly onCancel: () => void;
  readonly onReschedule: () => void;
  readonly onCheckIn: () => void;
  /** Today's visit within its check-in window, where the patient may check in themself. */
  readonly checkInOpen: boolean;
  readonly onShowPass: () => void;
  /** A walk-in's live place in line (the walk-in queue's, composed by the route). */
  readonly placeInLine?: (appointment: AppointmentView) => ReactNode;
  /** A video visit's way in (the telehealth feature's, composed by the route). */
  readonly videoVisit?: (appointment: AppointmentView) => ReactNode;
  /** The appointment's timeline (the audit feature's, composed by the route). */
  readonly history?: (appointment: AppointmentView) => ReactNode;
  /** A past visit's survey link and review (the reviews feature's, composed by the route). */
  readonly feedback?: (appointment: AppointmentView) => ReactNode;
  /** An upcoming visit's digital check-in (the digital check-in feature's, composed by the route). */
  readonly digitalCheckIn?: (appointment: AppointmentView) => ReactNode;
}

export function AppointmentCard(props: Props) {
  const { appointment: a, selfId } = props;
  const now = DateTime.now();
  const { t } = useTranslation();
  const start = DateTime.fromISO(a.start_date, { zone: a.time_zone });
  const provider = a.provider_name ?? a.resource_name ?? t('dashboard.yourProvider');
  const forMember = a.patient_id !== selfId;
  const video = props.videoVisit?.(a) ?? null;
  const history = props.history?.(a) ?? null;
  const feedback =
    props.section === 'past' && a.status === 'Checked-Out' ? (props.feedback?.(a) ?? null) : null;
  const upcoming = props.section === 'upcoming';
  const inPerson = a.visit_type !== 'Telehealth';
  const address = inPerson ? postalAddress(a) : null;
  const directions = upcoming && inPerson ? directionsUrl(a) : null;
  const when = formatDate(start, 'MMMM d, h:mm a', DATE_FORMATS.monthDayTime);
  const addToCalendar = () => {
    const event = visitEvent(a, window.location.origin, new Date());
    downloadIcs(event.fileName, icsEvent(event));
  };
  const actions =
    upcoming ||
    props.checkInOpen ||
    a.status === 'Checked-In' ||
    mayChange(a, now) ||
    video !== null ||
    feedback !== null ||
    history !== null;
  return (
    <Card variant="outlined" data-testid="appointment-card" data-appointment-id={a.appointment_id}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Avatar sx={{ bgcolor: 'primary.light' }} aria-hidden>
            <EventIcon />
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {provider}
              </Typography>
              <StatusChip status={a.status} />
              {a.is_lab_test_appointment && (
                <Chip size="small" variant="outlined" label={t('resourcesSearch.labTest')} />
              )}
              {forMember && a.patient_name && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={t('dashboard.forMember', { name: a.patient_name })}
                />
              )}
            </Stack>
            <Typography data-testid="appointment-start">
              {formatDate(start, 'EEEE, MMMM d, y', DATE_FORMATS.weekdayMonthDayYear)} ·{' '}
              {formatDate(start, 'h:mm a', DATE_FORMATS.time)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.visit', {
                type:
                  a.visit_type === 'Office' || a.visit_type === 'Telehealth'
                    ? t(`dashboard.visitTypes.${a.visit_type}`)
                    : a.visit_type,
              })}
              {a.reason ? ` · ${a.reason}` : ''}
            </Typography>
            {inPerson && (a.facility_name || address) && (
              <Stack
                direction="row"
                spacing={0.5}
                sx={{ mt: 0.5, alignItems: 'flex-start' }}
                data-testid="appointment-place"
              >
                <PlaceOutlinedIcon fontSize="small" color="action" aria-hidden sx={{ mt: 0.25 }} />
                <Typography variant="body2" component="address" sx={{ fontStyle: 'normal' }}>
                  {a.facility_name && <Box component="span">{a.facility_name}</Box>}
                  {a.facility_name && address && <br />}
                  {address}
                  {directions && (
                    <>
                      {' · '}
                      <Link
                        href={directions}
                        target="_blank"
                        rel="noopener noreferrer"
                        data-testid="directions"
                        aria-label={t('dashboard.directionsTo', {
                          place: a.facility_name ?? address ?? t('dashboard.theClinic'),
                        })}
                      >
                        {t('dashboard.directions')}
                      </Link>
                    </>
                  )}
                </Typography>
              </Stack>
            )}
            <Typography variant="body2" color="text.secondary" data-testid="appointment-code">
              {t('dashboard.code', { code: appointmentCode(a.appointment_id) })}
            </Typography>
            {a.status === 'Rejected' && (a.rejection_reason || props.section === 'calledOff') && (
              <Alert
                severity="info"
                variant="outlined"
                sx={{ mt: 1, py: 0, '& .MuiAlert-message': { whiteSpace: 'pre-line' } }}
                data-testid="rejection-reason"
              >
                <strong>
                  {calledOffReason(a) ? t('dashboard.declinedBecause') : t('dashboard.declined')}
                </strong>{' '}
                {calledOffReason(a)}
              </Alert>
            )}
            {a.status === 'Canceled' && props.section === 'calledOff' && (
              <Alert
                severity="info"
                variant="outlined"
                sx={{ mt: 1, py: 0, '& .MuiAlert-message': { whiteSpace: 'pre-line' } }}
                data-testid="cancel-reason"
              >
                {calledOffReason(a) ? (
                  <>
                    <strong>{t('dashboard.canceledBecause')}</strong> {calledOffReason(a)}
                  </>
                ) : (
                  t('dashboard.canceledNoReason')
                )}
              </Alert>
            )}
            {a.visit_schedule_type === 'WalkIn' &&
              onWalkInBoard(a.status) &&
              props.placeInLine?.(a)}
          </Box>
        </Stack>
      </CardContent>
      {actions && (
        <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {video}
          {upcoming && props.digitalCheckIn?.(a)}
          {props.checkInOpen && (
            <Button variant="contained" size="small" onClick={props.onCheckIn}>
              {t('dashboard.imHere')}
            </Button>
          )}
          {a.status === 'Checked-In' && (
            <Button variant="contained" size="small" onClick={props.onShowPass}>
              {t('dashboard.checkInPass')}
            </Button>
          )}
          {upcoming && (
            <Button
              size="small"
              startIcon={<EventAvailableIcon />}
              onClick={addToCalendar}
              data-testid="add-to-calendar"
              aria-label={t('dashboard.addToCalendarLabel', { provider, when })}
            >
              {t('dashboard.addToCalendar')}
            </Button>
          )}
          {mayChange(a, now) && (
            <>
              <Button
                size="small"
                onClick={props.onReschedule}
                aria-label={t('dashboard.rescheduleLabel', { provider, when })}
              >
                {t('dashboard.rescheduleButton')}
              </Button>
              <Button
                size="small"
                color="error"
                onClick={props.onCancel}
                aria-label={t('dashboard.cancelLabel', { provider, when })}
              >
                {t('dashboard.cancel')}
              </Button>
            </>
          )}
          {feedback}
          {history}
        </CardActions>
      )}
    </Card>
  );
}
