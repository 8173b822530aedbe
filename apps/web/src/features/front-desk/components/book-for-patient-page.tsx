import type { CalendarView, PracticePatientView, UserType } from '@medbook/contracts';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Stack,
  Step,
  StepContent,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChooseAnotherSlotDialog } from '../../../shared/choose-another-slot-dialog';
import { errorMessageOf } from '../../../shared/error-message';
import { PatientFinder } from '../../../shared/front-desk/patient-finder';
import { patientDetails, patientName } from '../../../shared/front-desk/patient-text';
import { deskBookingApi } from '../api/desk-booking-api';
import { slotText } from '../desk-time';
import { useDeskBooking } from '../use-desk-booking';
import { DeskBookedPanel } from './desk-booked-panel';
import { HoldCountdown } from './hold-countdown';
import { SlotPicker } from './slot-picker';
import { VisitStep } from './visit-step';
import { translateText, useTranslation } from '../../../shared/i18n';

/**
 * Booking for a patient at the desk, from a free slot of the schedule (`?calendar_id=&start=`)
 * or from one picked here: find or register the patient, then the visit, then the booking with
 * the patient wizard's rules (hold, capacity, accept/reject, waiting list).
 */
export function BookForPatientPage(props: {
  practiceId: string;
  userType: UserType;
  /** Starts over with an empty page (another patient, or the booking given up). */
  onStartOver: () => void;
}) {
  const [params, setParams] = useSearchParams();
  const calendarId = params.get('calendar_id');
  const linkedStart = params.get('start');
  const [calendars, setCalendars] = useState<CalendarView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [patient, setPatient] = useState<PracticePatientView | null>(null);
  const [changingTime, setChangingTime] = useState(!calendarId || !linkedStart);
  const [chooseAgain, setChooseAgain] = useState(false);
  const { t } = useTranslation();

  useEffect(() => {
    let live = true;
    deskBookingApi.practiceCalendars(props.practiceId).then(
      (loaded) => live && setCalendars(loaded),
      (cause: unknown) => live && setLoadError(errorMessageOf(cause)),
    );
    return () => {
      live = false;
    };
  }, [props.practiceId]);

  const calendar = calendars?.find((c) => c.calendar_id === calendarId) ?? null;
  const desk = useDeskBooking(calendar, linkedStart);
  const start = desk.start;

  if (loadError) return <Alert severity="error">{translateText(loadError)}</Alert>;
  if (!calendars) return <CircularProgress aria-label={t('frontDesk.loadingCalendars')} />;
  if (calendarId && !calendar) {
    return <Alert severity="error">{t('frontDesk.notOurCalendar')}</Alert>;
  }

  const when = calendar && start ? slotText(start, calendar.time_zone) : null;
  const timeChosen = !!calendar && !!start && !changingTime;
  const step = !timeChosen ? 0 : !patient ? 1 : 2;

  const pickPatient = (picked: PracticePatientView) => {
    setPatient(picked);
    void desk.holdFor(picked);
  };
  const pickTime = (at: string) => {
    setParams({ calendar_id: calendarId ?? '', start: at }, { replace: true });
    setChangingTime(false);
    void desk.moveTo(at, patient);
  };
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t('frontDesk.title')}
        </Typography>
        <Typography color="text.secondary">{t('frontDesk.intro')}</Typography>
      </div>

      {desk.booked && calendar ? (
        <DeskBookedPanel
          status={desk.booked.status}
          patientName={patientName(desk.booked.patient)}
          when={slotText(desk.booked.start, calendar.time_zone)}
          calendarName={calendar.name}
          reason={desk.booked.reason}
          userType={props.userType}
          onAnother={props.onStartOver}
        />
      ) : desk.waitlisted && patient && calendar ? (
        <Alert severity="success" data-testid="desk-waitlisted">
          {patientName(patient)} is on the waiting list of {calendar.name}. They are offered the
          first place that frees up.
        </Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, borderRadius: 2 }}>
          <Stepper activeStep={step} orientation="vertical" nonLinear={false}>
            <Step completed={step > 0}>
              <StepLabel
                optional={
                  timeChosen && when ? (
                    <Typography variant="body2" data-testid="booking-time">
                      {when} · {calendar.name} · {calendar.visit_type}
                    </Typography>
                  ) : undefined
                }
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{t('frontDesk.time')}</span>
                  {timeChosen && (
                    <Button size="small" onClick={() => setChangingTime(true)}>
                      {t('frontDesk.change')}
                    </Button>
                  )}
                  {desk.hold && <HoldCountdown hold={desk.hold} />}
                </Stack>
              </StepLabel>
              <StepContent>
                <SlotPicker
                  calendars={calendars}
                  calendarId={calendarId}
                  onCalendar={(id) => setParams({ calendar_id: id }, { replace: true })}
                  onPicked={pickTime}
                />
              </StepContent>
            </Step>
            <Step completed={step > 1}>
              <StepLabel
                optional={
                  patient ? (
                    <Typography variant="body2" data-testid="chosen-patient">
                      {patientName(patient)} · {patientDetails(patient)}
                    </Typography>
                  ) : undefined
                }
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{t('frontDesk.patient')}</span>
                  {patient && (
                    <Button size="small" onClick={() => setPatient(null)}>
                      {t('frontDesk.change')}
                    </Button>
                  )}
                </Stack>
              </StepLabel>
              <StepContent>
                <Box sx={{ maxWidth: 640, pt: 1 }}>
                  <PatientFinder
                    practiceId={props.practiceId}
                    onPicked={pickPatient}
                    autoFocus
                    editable
                  />
                </Box>
              </StepContent>
            </Step>
            <Step>
              <StepLabel>{t('frontDesk.visit')}</StepLabel>
              <StepContent>
                {calendar && (
                  <Box sx={{ pt: 1 }}>
                    <VisitStep
                      calendar={calendar}
                      busy={desk.busy || desk.taken}
                      onBook={(reason) => patient && void desk.book(patient, reason)}
                    />
                  </Box>
                )}
              </StepContent>
            </Step>
          </Stepper>
          {desk.error && (
            <Alert
              severity={desk.taken ? 'warning' : 'error'}
              sx={{ mt: 2 }}
              data-testid="desk-booking-error"
              action={
                desk.taken && patient && calendar ? (
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                    <Button color="inherit" size="small" onClick={() => setChooseAgain(true)}>
                      {t('frontDesk.chooseAnother')}
                    </Button>
                    {calendar.wait_list_enabled && (
                      <Button
                        color="inherit"
                        size="small"
                        onClick={() => void desk.joinWaitlist(patient)}
                      >
                        {t('frontDesk.addToWaitlist')}
                      </Button>
                    )}
                  </Stack>
                ) : undefined
              }
            >
              {desk.error}
            </Alert>
          )}
        </Paper>
      )}
      {calendar && start && (
        <ChooseAnotherSlotDialog
          open={chooseAgain}
          originalStart={start}
          zone={calendar.time_zone}
          loadWeek={desk.loadWeek}
          busy={desk.busy}
          onConfirm={(at) => {
            setChooseAgain(false);
            pickTime(at);
          }}
          onDecline={() => {
            setChooseAgain(false);
            void desk.release().then(props.onStartOver);
          }}
          declineLabel="Cancel this booking"
        />
      )}
    </Stack>
  );
}
