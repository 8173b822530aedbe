import type { AppointmentView, UserView } from '@medbook/contracts';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  Stack,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useObservableCallback, useObservableState } from 'observable-hooks';
import { type ReactNode, useMemo, useState } from 'react';
import { settled } from '../../../live/settled';
import { ChooseAnotherSlotDialog } from '../../../shared/choose-another-slot-dialog';
import { errorMessageOf } from '../../../shared/error-message';
import { toast } from '../../../shared/toast';
import { useCommand } from '../../../shared/use-command';
import { patientAppointmentsApi } from '../api/patient-appointments-api';
import { mayTryCheckIn, splitAppointments } from '../appointment-sections';
import { patientAppointments$ } from '../streams/patient-appointments.stream';
import { AppointmentCard } from './appointment-card';
import { CancelDialog } from './cancel-dialog';
import { useCheckInPasses } from '../use-check-in-passes';
import { CheckInPass } from './check-in-pass';
import { i18n, useTranslation } from '../../../shared/i18n';
import { DATE_FORMATS, formatDate } from '../../../shared/i18n/dates';

type Action =
  | { kind: 'cancel'; appointment: AppointmentView }
  | { kind: 'reschedule'; appointment: AppointmentView }
  | { kind: 'pass'; appointment: AppointmentView };

/** What the route composes into the page from other features. */
export interface PatientDashboardSlots {
  /** The patient's waiting lists; `onBooked` reads the appointments again. */
  readonly waitlist?: (onBooked: () => void) => ReactNode;
  /** A walk-in's live place in line, inside its card. */
  readonly placeInLine?: (appointment: AppointmentView) => ReactNode;
  /** A video visit's way in (join the call), among the card's actions. */
  readonly videoVisit?: (appointment: AppointmentView) => ReactNode;
  /** The appointment's timeline, among the card's actions. */
  readonly history?: (appointment: AppointmentView) => ReactNode;
  /** A past visit's survey link and review (the reviews feature's, composed by the route). */
  readonly feedback?: (appointment: AppointmentView) => ReactNode;
  /** Notices for the patient under the greeting (the surveys sent after their visits). */
  readonly notices?: ReactNode;
  /** An upcoming visit's way into digital check-in, among the card's actions. */
  readonly digitalCheckIn?: (appointment: AppointmentView) => ReactNode;
}

/** The patient's home: their and their family's appointments, live. */
export function PatientDashboardPage({
  user,
  waitlist,
  placeInLine,
  videoVisit,
  history,
  feedback,
  notices,
  digitalCheckIn,
}: { user: UserView } & PatientDashboardSlots) {
  // A command's position, when it says one, makes the read hold its write.
  const [refresh, refresh$] = useObservableCallback<number | void>();
  const listed = useObservableState(
    useMemo(() => settled(patientAppointments$(user.id, refresh$)), [user.id, refresh$]),
  );
  const list = listed?.value;
  const loadError = listed?.error;
  const [action, setAction] = useState<Action | null>(null);
  const { t } = useTranslation();
  const command = useCommand((work: () => Promise<unknown>) => work());
  const { pending: busy, error } = command;

  const run = async (work: () => Promise<unknown>, done: string) => {
    const answer = await command.run(work);
    if (!answer.ok) return;
    setAction(null);
    toast.success(done);
    refresh(positionOf(answer.result));
  };
  const { now, passOf } = useCheckInPasses(list);
  // Outside the window the API answers the spec's 'Unable to check-in at the moment'.
  const checkIn = (appointment: AppointmentView) =>
    patientAppointmentsApi.checkIn(appointment.appointment_id).then(
      (answer) => {
        toast.success(i18n.t('dashboard.checkedInToast'));
        refresh(positionOf(answer));
        setAction({ kind: 'pass', appointment: { ...appointment, status: 'Checked-In' } });
      },
      (cause: unknown) => toast.error(errorMessageOf(cause)),
    );

  const sections = list ? splitAppointments(list, DateTime.now()) : null;
  const describe = (a: AppointmentView) =>
    t('dashboard.describe', {
      provider: a.provider_name ?? a.resource_name ?? t('dashboard.yourProvider'),
      when: formatDate(
        DateTime.fromISO(a.start_date, { zone: a.time_zone }),
        "EEEE, MMMM d 'at' h:mm a",
        DATE_FORMATS.weekdayMonthDayTime,
      ),
    });
  const card = (section: 'upcoming' | 'calledOff' | 'past') => (a: AppointmentView) => (
    <AppointmentCard
      key={a.appointment_id}
      appointment={a}
      section={section}
      selfId={user.id}
      onCancel={() => setAction({ kind: 'cancel', appointment: a })}
      onReschedule={() => setAction({ kind: 'reschedule', appointment: a })}
      onCheckIn={() => void checkIn(a)}
      checkInOpen={mayTryCheckIn(a, now, passOf(a.appointment_id))}
      onShowPass={() => setAction({ kind: 'pass', appointment: a })}
      placeInLine={placeInLine}
      videoVisit={videoVisit}
      history={history}
      feedback={feedback}
      digitalCheckIn={digitalCheckIn}
    />
  );

  return (
    <Stack spacing={4}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between' }}
      >
        <div>
          <Typography variant="h4" component="h1" data-testid="dashboard-greeting">
            {t('dashboard.welcome', { name: user.name.first_name })}
          </Typography>
          <Typography color="text.secondary">{t('dashboard.yourAppointments')}</Typography>
        </div>
        <Box>
          <Button variant="contained" href="/">
            {t('dashboard.findADoctor')}
          </Button>
        </Box>
      </Stack>
      {notices}
      {loadError !== undefined && <Alert severity="error">{errorMessageOf(loadError)}</Alert>}
      {!sections && loadError === undefined && (
        <CircularProgress aria-label={t('dashboard.loading')} />
      )}
      {waitlist?.(() => refresh())}
      {sections && (
        <>
          <Section
            title={t('dashboard.upcoming')}
            testId="upcoming"
            empty={t('dashboard.noUpcoming')}
          >
            {sections.upcoming.map(card('upcoming'))}
          </Section>
          {sections.calledOff.length > 0 && (
            <Section title={t('dashboard.calledOff')} testId="called-off" empty="">
              {sections.calledOff.map(card('calledOff'))}
            </Section>
          )}
          <Section title={t('dashboard.past')} testId="past" empty={t('dashboard.noPast')}>
            {sections.past.map(card('past'))}
          </Section>
        </>
      )}
      <CancelDialog
        open={action?.kind === 'cancel'}
        what={action ? describe(action.appointment) : ''}
        busy={busy}
        error={error}
        onClose={() => setAction(null)}
        onConfirm={(reason) =>
          action &&
          void run(
            () =>
              patientAppointmentsApi.cancel(action.appointment.appointment_id, reason || undefined),
            t('dashboard.canceledToast'),
          )
        }
      />
      {action?.kind === 'reschedule' && (
        <ChooseAnotherSlotDialog
          open
          title={t('dashboard.reschedule')}
          declineLabel={t('dashboard.keepTime')}
          originalStart={action.appointment.start_date}
          zone={action.appointment.time_zone}
          loadWeek={(day) => patientAppointmentsApi.week(action.appointment.calendar_id, day)}
          busy={busy}
          error={error}
          onDecline={() => setAction(null)}
          onConfirm={(start) =>
            void run(
              () => patientAppointmentsApi.reschedule(action.appointment.appointment_id, start),
              t('dashboard.rescheduledToast'),
            )
          }
        />
      )}
      <Dialog
        open={action?.kind === 'pass'}
        onClose={() => setAction(null)}
        aria-label={t('dashboard.checkInPass')}
      >
        <DialogContent>
          {action?.kind === 'pass' && <CheckInPass appointment={action.appointment} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => window.print()}>{t('dashboard.print')}</Button>
          <Button onClick={() => setAction(null)}>{t('dashboard.close')}</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function Section(props: {
  title: string;
  testId: string;
  empty: string;
  children: React.ReactNode[];
}) {
  return (
    <Stack
      component="section"
      spacing={2}
      aria-labelledby={`${props.testId}-title`}
      data-testid={props.testId}
    >
      <Typography id={`${props.testId}-title`} variant="h6" component="h2">
        {props.title}
      </Typography>
      {props.children.length === 0 ? (
        <Typography color="text.secondary">{props.empty}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {props.children}
        </Box>
      )}
    </Stack>
  );
}

/** The position a command answered with, to read its write; none when it did not say. */
function positionOf(answer: unknown): number | void {
  const position = (answer as { position?: unknown } | null)?.position;
  return typeof position === 'number' ? position : undefined;
}
