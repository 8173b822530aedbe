import {
  type AppointmentStatus,
  BOOKING_MESSAGES,
  type ScheduleAppointment,
  type ScheduleAppointmentDetail,
  type ScheduleCalendar,
} from '@medbook/contracts';
import Close from '@mui/icons-material/Close';
import EventRepeat from '@mui/icons-material/EventRepeat';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Divider,
  Drawer,
  IconButton,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ChooseAnotherSlotDialog } from '../../../shared/choose-another-slot-dialog';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { DATE_FORMATS, formatDate } from '../../../shared/i18n/dates';
import { patientPagePath } from '../../../shared/role-paths';
import { StatusChip } from '../../../shared/status-chip';
import { toast } from '../../../shared/toast';
import { useCommand } from '../../../shared/use-command';
import { scheduleApi } from '../api/schedule-api';
import { answerText, insuranceText, paymentText } from '../appointment-extras-text';
import { mayReschedule } from '../schedule-layout';
import { visitTypeText } from '../schedule-texts';
import { StatusActions } from './status-actions';

export interface DrawerProps {
  readonly practiceId: string;
  readonly appointmentId: string | null;
  /** The block as the grid holds it: shown at once, and its changes reload the detail. */
  readonly summary: ScheduleAppointment | undefined;
  readonly calendar: ScheduleCalendar | undefined;
  readonly onClose: () => void;
  /** A change was made: the grid reads again at its position. */
  readonly onChanged: (position: number) => void;
  /** The appointment's timeline, when the app provides one. */
  readonly history?: (appointmentId: string) => ReactNode;
  /** The patient's name links to their page (not on that page itself). */
  readonly patientLink?: boolean;
}

/** An appointment opened from the grid: who, when, contact, the visit, and what can be done now. */
export function AppointmentDrawer(props: DrawerProps) {
  const { practiceId, appointmentId, summary, calendar } = props;
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<{
    readonly id: string;
    readonly detail?: ScheduleAppointmentDetail;
    readonly error?: string;
  } | null>(null);
  const [choosing, setChoosing] = useState(false);
  const changeStatus = useCommand(scheduleApi.changeStatus);
  const title = useRef<HTMLHeadingElement>(null);
  const reschedule = useCommand(scheduleApi.reschedule);

  useEffect(() => {
    if (!appointmentId) return;
    let live = true;
    scheduleApi.appointment(practiceId, appointmentId).then(
      (detail) => live && setLoaded({ id: appointmentId, detail }),
      (cause: unknown) => live && setLoaded({ id: appointmentId, error: errorMessageOf(cause) }),
    );
    return () => {
      live = false;
    };
  }, [practiceId, appointmentId, summary?.status, summary?.start_date]);

  const mine = loaded?.id === appointmentId ? loaded : null;
  const shown = mine?.detail ?? null;
  const failed = mine?.error ?? null;
  const status: AppointmentStatus | undefined = summary?.status ?? shown?.status;
  const zone = shown?.time_zone ?? calendar?.time_zone ?? 'local';
  const start = summary?.start_date ?? shown?.start_date;
  const end = summary?.end_date ?? shown?.end_date;
  const name = summary?.patient_name ?? shown?.patient_name ?? t('schedule.drawer.patient');
  const calendarId = shown?.calendar_id ?? calendar?.calendar_id;
  const patientId = summary?.patient_id ?? shown?.patient_id;

  const loadWeek = useCallback(
    (startDate: string) => scheduleApi.week(calendarId ?? '', startDate),
    [calendarId],
  );

  const change = async (next: AppointmentStatus, reason?: string) => {
    if (!appointmentId) return;
    const outcome = await changeStatus.run(appointmentId, next, reason);
    if (!outcome.ok) return toast.error(outcome.error);
    toast.success(t('schedule.drawer.statusChanged', { status: t(`dashboard.status.${next}`) }));
    props.onChanged(outcome.result.position);
    // The button pressed goes with the old status: keep the keyboard in the drawer, on its title.
    title.current?.focus();
  };
  const move = async (to: string) => {
    if (!appointmentId) return;
    const outcome = await reschedule.run(appointmentId, to);
    if (!outcome.ok) return;
    setChoosing(false);
    toast.success(BOOKING_MESSAGES.rescheduled);
    props.onChanged(outcome.result.position);
  };

  return (
    <Drawer
      anchor="right"
      open={appointmentId !== null}
      onClose={props.onClose}
      // Above the workspace's app bar, which sits above its side navigation.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': 'appointment-drawer-title',
          sx: { width: { xs: '100%', sm: 420 } },
        },
      }}
    >
      <Box data-testid="appointment-drawer" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography
              variant="h5"
              component="h2"
              id="appointment-drawer-title"
              ref={title}
              tabIndex={-1}
              sx={{ fontWeight: 600, '&:focus': { outline: 'none' } }}
            >
              {patientId && props.patientLink !== false ? (
                <Link
                  component={RouterLink}
                  to={patientPagePath(patientId)}
                  underline="hover"
                  color="inherit"
                  aria-label={t('practicePatient.openPatientOf', { name })}
                  data-testid="drawer-patient-link"
                >
                  {name}
                </Link>
              ) : (
                name
              )}
            </Typography>
            {start && end && (
              <Typography color="text.secondary" data-testid="drawer-when">
                {when(DateTime.fromISO(start, { zone }), DateTime.fromISO(end, { zone }))}
              </Typography>
            )}
          </Box>
          <IconButton aria-label={t('schedule.drawer.close')} onClick={props.onClose}>
            <Close />
          </IconButton>
        </Stack>
        <Stack direction="row" sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          {status && <StatusChip status={status} />}
          <Typography variant="body2" color="text.secondary">
            {calendar?.owner_name ?? shown?.owner_name}
            {summary?.visit_type ? ` · ${visitTypeText(t, summary.visit_type)}` : ''}
            {summary?.visit_schedule_type === 'WalkIn' ? ` · ${t('schedule.grid.walkIn')}` : ''}
          </Typography>
        </Stack>

        {status && (
          <Box sx={{ mt: 2.5 }}>
            <StatusActions
              status={status}
              patientName={name}
              busy={changeStatus.pending}
              onChange={(next, reason) => void change(next, reason)}
            />
          </Box>
        )}
        <Stack direction="row" sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
          {status && mayReschedule(status) && calendarId && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<EventRepeat />}
              onClick={() => setChoosing(true)}
              data-testid="drawer-reschedule"
            >
              {t('schedule.drawer.reschedule')}
            </Button>
          )}
          {appointmentId && props.history?.(appointmentId)}
        </Stack>

        <Divider sx={{ my: 2.5 }} />
        {failed && <Alert severity="error">{translateText(failed)}</Alert>}
        {!shown && !failed && (
          <CircularProgress size={28} aria-label={t('schedule.drawer.loading')} />
        )}
        {shown && <Details detail={shown} />}
      </Box>
      {start && (
        <ChooseAnotherSlotDialog
          open={choosing}
          originalStart={start}
          zone={zone}
          loadWeek={loadWeek}
          onConfirm={(to) => void move(to)}
          onDecline={() => setChoosing(false)}
          busy={reschedule.pending}
          error={reschedule.error === null ? null : translateText(reschedule.error)}
          title={t('schedule.drawer.rescheduleTitle', { name })}
          declineLabel={t('schedule.drawer.keepTime')}
        />
      )}
    </Drawer>
  );
}

/** The visit's day and times, 'Tuesday, Mar 10 · 9:30 – 10:00 AM' in the spec's English. */
function when(start: DateTime, end: DateTime): string {
  const day = formatDate(start, 'cccc, LLL d', { weekday: 'long', month: 'short', day: 'numeric' });
  const from = formatDate(start, 'h:mm', DATE_FORMATS.time);
  return `${day} · ${from} – ${formatDate(end, 'h:mm a', DATE_FORMATS.time)}`;
}

function Details({ detail }: { detail: ScheduleAppointmentDetail }) {
  const { t } = useTranslation();
  const birth = detail.patient_birth_date ? DateTime.fromISO(detail.patient_birth_date) : null;
  const age = birth?.isValid ? Math.floor(-birth.diffNow('years').years) : null;
  const bookedFor = detail.booked_by !== detail.patient_id;
  return (
    <Stack spacing={2.5} data-testid="drawer-details">
      <Section title={t('schedule.drawer.patient')}>
        <Row label={t('schedule.drawer.phone')}>
          {detail.patient_phone ? (
            <Link href={`tel:${detail.patient_phone}`}>{phoneDisplay(detail.patient_phone)}</Link>
          ) : null}
        </Row>
        <Row label={t('schedule.drawer.birthDate')}>
          {birth?.isValid
            ? `${formatDate(birth, 'LLL d, yyyy', { month: 'short', day: 'numeric', year: 'numeric' })}${age !== null ? ` (${age})` : ''}`
            : null}
        </Row>
        <Row label={t('schedule.drawer.email')}>{detail.patient_email}</Row>
        {detail.relationship && (
          <Row label={t('schedule.drawer.familyMember')}>{detail.relationship}</Row>
        )}
      </Section>
      <Section title={t('schedule.drawer.visit')}>
        <Row label={t('schedule.drawer.reason')}>{detail.reason}</Row>
        <Row label={t('schedule.drawer.calendar')}>{detail.calendar_name}</Row>
        <Row label={t('schedule.drawer.booked')}>
          {formatDate(DateTime.fromISO(detail.created_on), 'LLL d, h:mm a', {
            month: 'short',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
          })}
          {bookedFor && detail.booked_by_name
            ? t('schedule.drawer.bookedBy', { name: detail.booked_by_name })
            : ''}
        </Row>
        {detail.cancel_reason && (
          <Row label={t('schedule.drawer.cancelReason')}>{detail.cancel_reason}</Row>
        )}
      </Section>
      {detail.outside_schedule && (
        <Alert severity="warning">{t('schedule.drawer.outsideSchedule')}</Alert>
      )}
      <Section title={t('schedule.drawer.insuranceAndPayment')}>
        <Row label={t('schedule.drawer.insurance')}>{insuranceText(detail.insurance, t)}</Row>
        {detail.insurance?.choice === 'insurance' && (
          <Row label={t('schedule.drawer.memberId')}>{detail.insurance.member_id}</Row>
        )}
        <Row label={t('schedule.drawer.visitFee')}>
          {paymentText(detail.online_visit_payment, t)}
        </Row>
      </Section>
      {detail.screenings.map((screening) => (
        <Section key={screening.screening_id} title={screening.title}>
          {screening.answers.map((a) => (
            <Row key={a.question} label={a.question} wide>
              {answerText(a.answer, t)}
            </Row>
          ))}
        </Section>
      ))}
    </Stack>
  );
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ lineHeight: 2 }}>
        {props.title}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {props.children}
      </Box>
    </Box>
  );
}

/** A label and its value; `wide` stacks a long label (a screening question) above its answer. */
function Row(props: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Stack direction={props.wide ? 'column' : 'row'} sx={{ gap: props.wide ? 0 : 2, py: 0.5 }}>
      <Typography
        component="dt"
        variant="body2"
        color="text.secondary"
        sx={{ width: props.wide ? 'auto' : 110, flexShrink: 0 }}
      >
        {props.label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {props.children ?? '—'}
      </Typography>
    </Stack>
  );
}

/** Spec 9's phone format, (NNN) NNN-NNNN, for a ten-digit number; anything else as it is. */
const phoneDisplay = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : phone;
};
