import {
  appointmentCode,
  type HoldView,
  PAYMENT_MESSAGES,
  type PaymentMethodView,
} from '@medbook/contracts';
import {
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type BookedPopup as PopupKind } from '../booking-outcome';
import { bookingPatientName, type BookingPatient } from '../booking-patient';
import { STAGE_LABELS } from '../booking-stage-labels';
import {
  BOOKING_STAGES,
  type BookingFacts,
  type BookingStage,
  firstStage,
  hasRealInsurance,
  type InsuranceChoice,
  nextStage,
  previousStage,
  stageApplies,
} from '../booking-stages';
import { cardOnFileApplies, payPalApplies, visitFeeApplies } from '../payment-rules';
import { ChooseAnotherSlotDialog } from '../../../shared/choose-another-slot-dialog';
import { toast } from '../../../shared/toast';
import { useBookAppointment } from '../use-book-appointment';
import { useVisitFee } from '../use-visit-fee';
import { BookedPopup } from './booked-popup';
import type { BookingContext } from '../booking-context';
import { bookingExtrasBody } from '../booking-extras';
import { BookingStageView } from './booking-stage-view';
import { BookingSummaryCard } from './booking-summary-card';
import { errorMessageOf } from '../../../shared/error-message';

interface Props {
  readonly context: BookingContext;
  readonly start: string;
  readonly initialHold: HoldView;
}

export function BookingWizard({ context, start: requestedStart, initialHold }: Props) {
  const { calendar, me, payment: paymentSettings } = context;
  const [savedCards, setSavedCards] = useState<readonly PaymentMethodView[]>(context.savedCards);
  const visitFee = useVisitFee(calendar.calendar_id);
  const navigate = useNavigate();
  const [mobileVerified, setMobileVerified] = useState(me.credentials.is_mobile_verified);
  const [insurance, setInsurance] = useState<InsuranceChoice | null>(null);
  const [memberId, setMemberId] = useState(me.patient_insurances[0]?.member_id ?? '');
  const [patient, setPatient] = useState<BookingPatient>({ kind: 'self' });
  const [reason, setReason] = useState('');
  // The screening answers saved at the screening stage: their ids go with the booking.
  const [screenings, setScreenings] = useState<Readonly<Record<string, string>>>({});
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
      payment: paymentSettings
        ? {
            cardOnFile: cardOnFileApplies(paymentSettings, hasRealInsurance(insurance)),
            payPal: payPalApplies(paymentSettings),
            visitFee: visitFeeApplies(paymentSettings, hasRealInsurance(insurance)),
          }
        : { cardOnFile: false, payPal: false, visitFee: false },
    }),
    [calendar, mobileVerified, insurance, paymentSettings],
  );
  // Whom the intake steps are about; a member added in this booking has no id before booking.
  const intakePatientId =
    patient.kind === 'self' ? me.id : patient.kind === 'member' ? patient.id : null;
  const [stage, setStage] = useState<BookingStage>(() => firstStage(facts));
  const extras = bookingExtrasBody(
    insurance,
    memberId,
    Object.values(screenings),
    visitFee.payment,
  );
  const booking = useBookAppointment({
    calendar,
    requestedStart,
    initialHold,
    onInvalidOtp: () => {
      setMobileVerified(false);
      setStage('SMS_VERIFICATION');
    },
    afterBooked: (appointmentId) =>
      visitFee
        .associate(appointmentId)
        .catch((cause: unknown) => toast.error(errorMessageOf(cause))),
  });
  const advance = (from: BookingStage, changed: Partial<BookingFacts> = {}) =>
    setStage(nextStage(from, { ...facts, ...changed }));
  const back = previousStage(stage, facts);
  // Stages shown in the stepper: phone verification stays listed once it was needed.
  const shown = { ...facts, mobileVerified: me.credentials.is_mobile_verified };
  const visible = BOOKING_STAGES.filter((s) => stageApplies(s, shown));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [stage]);

  const goDashboard = useCallback(() => void navigate('/dashboard/patient'), [navigate]);
  const goCheckIn = useCallback(
    () =>
      void navigate(
        `/patient/check-in?appointment_id=${encodeURIComponent(booking.booked?.appointmentId ?? '')}`,
      ),
    [navigate, booking.booked?.appointmentId],
  );
  const popup: PopupKind = booking.booked?.popup ?? 'none';

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4 }} sx={{ order: { xs: 1, md: 2 } }}>
        <BookingSummaryCard calendar={calendar} start={booking.start} hold={booking.hold} />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }} sx={{ order: { xs: 2, md: 1 } }}>
        <Card variant="outlined">
          <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
            <Stepper
              activeStep={visible.indexOf(stage)}
              alternativeLabel
              sx={{ mb: 4, display: { xs: 'none', sm: 'flex' } }}
              aria-label="Booking steps"
            >
              {visible.map((s) => (
                <Step key={s}>
                  <StepLabel>{STAGE_LABELS[s]}</StepLabel>
                </Step>
              ))}
            </Stepper>
            <Typography variant="overline" color="text.secondary" sx={{ display: { sm: 'none' } }}>
              Step {visible.indexOf(stage) + 1} of {visible.length}
            </Typography>
            <Typography
              variant="h5"
              component="h1"
              tabIndex={-1}
              ref={heading}
              sx={{ mb: 3, outline: 'none' }}
              data-testid="stage-title"
            >
              {STAGE_LABELS[stage]}
            </Typography>
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
            {back && !booking.booked && (
              <Box sx={{ mt: 3 }}>
                <Button onClick={() => setStage(back)}>Back</Button>
              </Box>
            )}
          </CardContent>
        </Card>
      </Grid>
      {booking.slotTaken && (
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
        onCheckIn={goCheckIn}
        code={booking.booked ? appointmentCode(booking.booked.appointmentId) : undefined}
      />
    </Grid>
  );
}
