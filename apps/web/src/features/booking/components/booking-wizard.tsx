import {
  appointmentCode,
  BOOKING_MESSAGES,
  PAYMENT_MESSAGES,
  type PaymentMethodView,
} from '@medbook/contracts';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Grid,
  Step,
  StepLabel,
  Stack,
  Stepper,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type BookedPopup as PopupKind, DIGITAL_CHECK_IN_REDIRECT_MS } from '../booking-outcome';
import { bookingPatientName, type BookingPatient } from '../booking-patient';
import { STAGE_LABELS } from '../booking-stage-labels';
import {
  type BookingFacts,
  type BookingStage,
  firstStage,
  hasRealInsurance,
  type InsuranceChoice,
  nextStage,
  previousStage,
} from '../booking-stages';
import {
  type BookingSession,
  clearBookingSession,
  leaveWizard,
  writeBookingSession,
} from '../booking-session';
import { STAGE_PATHS } from '../booking-stage-paths';
import { listedSteps, slotTakenRecovery, stageToShow, stepCounter } from '../booking-steps';
import { cardOnFileApplies, payPalApplies, visitFeeApplies } from '../payment-rules';
import { ChooseAnotherSlotDialog } from '../../../shared/choose-another-slot-dialog';
import { toast } from '../../../shared/toast';
import { useBookAppointment } from '../use-book-appointment';
import { useVisitFee } from '../use-visit-fee';
import { BookedPopup } from './booked-popup';
import { useDigitalCheckInOffer, useVendorCheckInUrl } from '../use-digital-check-in-offer';
import type { BookingContext } from '../booking-context';
import { bookingExtrasBody } from '../booking-extras';
import { BookingStageView } from './booking-stage-view';
import { BookingSummaryCard } from './booking-summary-card';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';

interface Props {
  readonly context: BookingContext;
  /** Where the wizard stands: the slot, the (re-read) hold and the answers so far. */
  readonly session: BookingSession;
  /** The stage the address asks for; one not reached yet shows the furthest reached instead. */
  readonly stageInUrl: BookingStage;
}

export function BookingWizard({ context, session, stageInUrl }: Props) {
  const { t } = useTranslation();
  const { calendar, me, payment: paymentSettings } = context;
  const { answers } = session;
  const [savedCards, setSavedCards] = useState<readonly PaymentMethodView[]>(context.savedCards);
  const visitFee = useVisitFee(calendar.calendar_id, answers.payment);
  const navigate = useNavigate();
  const [mobileVerified, setMobileVerified] = useState(
    answers.mobileVerified ?? me.credentials.is_mobile_verified,
  );
  const [insurance, setInsurance] = useState<InsuranceChoice | null>(answers.insurance);
  const [memberId, setMemberId] = useState(
    answers.memberId ?? me.patient_insurances[0]?.member_id ?? '',
  );
  const [patient, setPatient] = useState<BookingPatient>(answers.patient);
  const [reason, setReason] = useState(answers.reason);
  // The screening answers saved at the screening stage: their ids go with the booking.
  const [screenings, setScreenings] = useState<Readonly<Record<string, string>>>(
    answers.screenings,
  );
  const paymentFor = useCallback(
    (insured: boolean) =>
      paymentSettings
        ? {
            cardOnFile: cardOnFileApplies(paymentSettings, insured),
            payPal: payPalApplies(paymentSettings),
            visitFee: visitFeeApplies(paymentSettings, insured),
          }
        : { cardOnFile: false, payPal: false, visitFee: false },
    [paymentSettings],
  );
  const facts: BookingFacts = useMemo(
    () => ({
      calendar: {
        customFormIds: calendar.custom_form_ids ?? [],
        collectPatientDemographics: calendar.collect_patient_demographics ?? false,
        enableInsurance: calendar.enable_insurance ?? true,
        enableInsuranceEligibility: calendar.enable_insurance_eligibility ?? false,
      },
      reasonNeedsScreening: false,
      mobileVerified,
      insurance,
      payment: paymentFor(hasRealInsurance(insurance)),
    }),
    [calendar, mobileVerified, insurance, paymentFor],
  );
  // Whom the intake steps are about; a member added in this booking has no id before booking.
  const intakePatientId =
    patient.kind === 'self' ? me.id : patient.kind === 'member' ? patient.id : null;
  const [furthest, setFurthest] = useState<BookingStage>(
    () => session.furthest ?? firstStage(facts),
  );
  const [smsListed] = useState(session.smsListed ?? !me.credentials.is_mobile_verified);
  const stage = stageToShow(stageInUrl, furthest, facts);
  useEffect(() => {
    if (stage !== stageInUrl) void navigate(STAGE_PATHS[stage], { replace: true });
  }, [stage, stageInUrl, navigate]);
  const extras = bookingExtrasBody(
    insurance,
    memberId,
    Object.values(screenings),
    visitFee.payment,
  );
  const goTo = (next: BookingStage) => void navigate(STAGE_PATHS[next]);
  const booking = useBookAppointment({
    calendar,
    requestedStart: session.start,
    initialHold: session.hold,
    onInvalidOtp: () => {
      setMobileVerified(false);
      goTo('SMS_VERIFICATION');
    },
    afterBooked: (appointmentId) =>
      visitFee
        .associate(appointmentId)
        .catch((cause: unknown) => toast.error(errorMessageOf(cause))),
  });
  // The tab keeps the wizard's place and answers: a reload resumes here with the same hold.
  // Once the patient cancels or books, nothing is written back (the page may render again
  // while the next page loads).
  const finished = useRef(false);
  useEffect(() => {
    if (booking.booked || finished.current) {
      clearBookingSession();
      return;
    }
    writeBookingSession({
      ...session,
      furthest,
      smsListed,
      answers: {
        patient,
        reason,
        insurance,
        memberId,
        screenings,
        mobileVerified,
        payment: visitFee.payment,
      },
    });
  }, [
    session,
    furthest,
    smsListed,
    patient,
    reason,
    insurance,
    memberId,
    screenings,
    mobileVerified,
    visitFee.payment,
    booking.booked,
  ]);
  const advance = (from: BookingStage, changed: Partial<BookingFacts> = {}) => {
    const next = nextStage(from, { ...facts, ...changed });
    setFurthest(next);
    goTo(next);
  };
  const back = previousStage(stage, facts);
  // The stepper lists its steps from the start; the counter follows it one step at a time.
  const steps = listedSteps(facts, {
    smsListed: smsListed || !mobileVerified,
    paymentPossible:
      facts.calendar.enableInsurance && insurance === null
        ? Object.values(paymentFor(true)).some(Boolean) ||
          Object.values(paymentFor(false)).some(Boolean)
        : Object.values(facts.payment).some(Boolean),
  });
  const counter = stepCounter(stage, steps);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [stage]);
  const [leaving, setLeaving] = useState(false);
  /** Cancel: the hold and an authorized visit fee are given back, then back to where we came from. */
  const cancel = () => {
    finished.current = true;
    clearBookingSession();
    setLeaving(true);
    void booking
      .decline()
      .then(() => visitFee.release())
      .then((released) => released && toast.success(PAYMENT_MESSAGES.notProcessed))
      .catch(() => undefined)
      .finally(() => leaveWizard(navigate, session.returnIdx));
  };
  const recovery = slotTakenRecovery({
    insurance: hasRealInsurance(insurance),
    demographics: facts.calendar.collectPatientDemographics,
    card: facts.payment.cardOnFile,
    visitFee: visitFee.payment?.status === 'authorized',
  });

  const goDashboard = useCallback(() => void navigate('/dashboard/patient'), [navigate]);
  const goCheckIn = useCallback(
    () =>
      void navigate(
        `/patient/check-in?appointment_id=${encodeURIComponent(booking.booked?.appointmentId ?? '')}`,
      ),
    [navigate, booking.booked?.appointmentId],
  );
  const popup: PopupKind = booking.booked?.popup ?? 'none';
  // Digital check-in (issue 20): offered in the popup when the provider has it on.
  const digitalCheckIn = useDigitalCheckInOffer(booking.booked?.appointmentId);
  // The spec's digital flow of the check-in popup: the vendor is given the appointment; when it
  // says the appointment was added, the browser goes to its check-in address; after 60 s
  // without that word, 'Unable to check-in at the moment' and the popup closes.
  const digitalFlow = popup === 'check-in' && booking.booked?.digital === true;
  const vendorUrl = useVendorCheckInUrl(
    digitalFlow ? (booking.booked?.appointmentId ?? null) : null,
    '/dashboard/patient',
  );
  useEffect(() => {
    if (!vendorUrl) return;
    if (vendorUrl.startsWith('/')) void navigate(vendorUrl);
    else window.location.assign(vendorUrl);
  }, [vendorUrl, navigate]);
  const unableToCheckIn = useCallback(() => {
    toast.error(translateText(BOOKING_MESSAGES.checkInUnavailable));
    goDashboard();
  }, [goDashboard]);

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4 }} sx={{ order: { xs: 1, md: 2 } }}>
        <BookingSummaryCard calendar={calendar} start={booking.start} hold={booking.hold} />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }} sx={{ order: { xs: 2, md: 1 } }}>
        <Card variant="outlined">
          <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
            <Stepper
              activeStep={counter.step - 1}
              alternativeLabel
              sx={{ mb: 4, display: { xs: 'none', sm: 'flex' } }}
              aria-label={t('booking.bookingSteps')}
            >
              {steps.map((step) => (
                <Step key={step}>
                  <StepLabel>{t(`booking.steps.${step}`)}</StepLabel>
                </Step>
              ))}
            </Stepper>
            <Typography
              variant="overline"
              color="text.secondary"
              sx={{ display: { sm: 'none' } }}
              data-testid="step-counter"
            >
              {t('booking.stepOf', { step: counter.step, of: counter.of })}
            </Typography>
            <Typography
              variant="h5"
              component="h1"
              tabIndex={-1}
              ref={heading}
              sx={{ mb: 3, outline: 'none' }}
              data-testid="stage-title"
            >
              {translateText(STAGE_LABELS[stage])}
            </Typography>
            {booking.slotTaken && recovery === 'message' ? (
              <Alert severity="warning" data-testid="slot-taken-message">
                {translateText(BOOKING_MESSAGES.alreadyBooked)}
              </Alert>
            ) : (
              <BookingStageView
                stage={stage}
                context={context}
                patient={patient}
                setPatient={setPatient}
                reason={reason}
                setReason={setReason}
                insurance={insurance}
                setInsurance={setInsurance}
                memberId={memberId}
                setMemberId={setMemberId}
                setMobileVerified={setMobileVerified}
                savedCards={savedCards}
                setSavedCards={setSavedCards}
                intakePatientId={intakePatientId}
                visitFee={visitFee}
                booking={booking}
                advance={advance}
                extras={extras}
                onScreened={(formId, id) => setScreenings((all) => ({ ...all, [formId]: id }))}
              />
            )}
            {!booking.booked && (
              <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
                <Button
                  disabled={leaving || booking.busy}
                  onClick={() => (back ? goTo(back) : cancel())}
                >
                  {t('booking.back')}
                </Button>
                <Button color="error" disabled={leaving || booking.busy} onClick={cancel}>
                  {t('booking.cancel')}
                </Button>
              </Stack>
            )}
          </CardContent>
        </Card>
      </Grid>
      {booking.slotTaken && recovery === 'dialog' && (
        <ChooseAnotherSlotDialog
          open
          originalStart={booking.start}
          zone={calendar.time_zone}
          loadWeek={(day) => booking.loadWeek(calendar.calendar_id, day)}
          busy={booking.busy}
          error={booking.error}
          onConfirm={(newStart) => void booking.bookOn(newStart, patient, reason, extras)}
          onDecline={() =>
            void booking
              .decline()
              .then(() => visitFee.release())
              .then((released) => released && toast.success(PAYMENT_MESSAGES.notProcessed))
              .catch(() => undefined)
              .finally(goDashboard)
          }
        />
      )}
      <BookedPopup
        kind={popup}
        memberName={bookingPatientName(patient)}
        onManage={goDashboard}
        onFindOthers={() => void navigate('/')}
        onCheckIn={digitalFlow ? unableToCheckIn : goCheckIn}
        redirectMs={digitalFlow ? DIGITAL_CHECK_IN_REDIRECT_MS : undefined}
        onDigitalCheckIn={
          digitalCheckIn && booking.booked
            ? () =>
                void navigate(
                  `/patient/consent?aptId=${encodeURIComponent(booking.booked!.appointmentId)}`,
                )
            : undefined
        }
        code={booking.booked ? appointmentCode(booking.booked.appointmentId) : undefined}
      />
    </Grid>
  );
}
