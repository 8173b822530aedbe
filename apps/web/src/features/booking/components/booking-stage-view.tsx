import type { PaymentMethodView } from '@medbook/contracts';
import { Alert, Box, Button } from '@mui/material';
import { bookingApi } from '../api/booking-api';
import type { BookingContext } from '../booking-context';
import type { BookingExtrasBody } from '../booking-extras';
import { bookingPatientName, type BookingPatient } from '../booking-patient';
import {
  type BookingFacts,
  type BookingStage,
  hasRealInsurance,
  type InsuranceChoice,
} from '../booking-stages';
import { maskedCard, money } from '../card-form';
import { visitFeeAmount } from '../payment-rules';
import type { useBookAppointment } from '../use-book-appointment';
import type { useVisitFee } from '../use-visit-fee';
import { AddCardStage } from './add-card-stage';
import { BookingFormStage } from './booking-form-stage';
import { BookingReviewStage } from './booking-review-stage';
import { DemographicsStage } from './demographics-stage';
import { EligibilityStage } from './eligibility-stage';
import { InsuranceConfirmationStage } from './insurance-confirmation-stage';
import { InsuranceList } from './insurance-list';
import { PaymentStage } from './payment-stage';
import { ScreeningStage } from './screening-stage';
import { SmsVerificationStage } from './sms-verification-stage';
import { useIntakeLoads } from '../use-intake-loads';
import { useTranslation } from '../../../shared/i18n';

/** What the wizard knows and lets a stage change. */
export interface BookingStageProps {
  readonly stage: BookingStage;
  readonly context: BookingContext;
  readonly patient: BookingPatient;
  readonly setPatient: (patient: BookingPatient) => void;
  readonly reason: string;
  readonly setReason: (reason: string) => void;
  readonly insurance: InsuranceChoice | null;
  readonly setInsurance: (insurance: InsuranceChoice | null) => void;
  readonly memberId: string;
  readonly setMemberId: (memberId: string) => void;
  readonly setMobileVerified: (verified: boolean) => void;
  readonly savedCards: readonly PaymentMethodView[];
  readonly setSavedCards: (cards: readonly PaymentMethodView[]) => void;
  /** Whom the intake steps are about; a member added in this booking has no id before booking. */
  readonly intakePatientId: string | null;
  readonly visitFee: ReturnType<typeof useVisitFee>;
  readonly booking: ReturnType<typeof useBookAppointment>;
  readonly advance: (from: BookingStage, changed?: Partial<BookingFacts>) => void;
  /** What the booking call carries besides the slot (insurance, screenings, visit fee). */
  readonly extras: BookingExtrasBody;
  /** A screening form answered: its id goes with the booking (the latest answers per form). */
  readonly onScreened: (formId: string, screeningId: string) => void;
}

/** The form of the stage the wizard is at (spec 2.11's steps). */
export function BookingStageView(props: BookingStageProps) {
  const { t } = useTranslation();
  const {
    stage,
    context,
    patient,
    setPatient,
    reason,
    setReason,
    insurance,
    setInsurance,
    memberId,
    setMemberId,
    setMobileVerified,
    savedCards,
    setSavedCards,
    intakePatientId,
    visitFee,
    booking,
    advance,
    extras,
    onScreened,
  } = props;
  const { calendar, me, family, payment: paymentSettings } = context;
  const insured = hasRealInsurance(insurance);
  const insuranceName = typeof insurance === 'object' && insurance ? insurance.insurance : '';
  const { loadForms, loadDemographics, loadPlans } = useIntakeLoads(
    calendar.calendar_id,
    intakePatientId,
    insuranceName,
  );
  /** A family member added in this booking is saved only when booking: the practice asks then. */
  function atTheVisit() {
    return (
      <Alert severity="info">
        {t('booking.atTheVisit')}
        <Button sx={{ ml: 2 }} onClick={() => advance(stage)}>
          {t('booking.continue')}
        </Button>
      </Alert>
    );
  }

  switch (stage) {
    case 'BOOKING_FORM':
      return (
        <BookingFormStage
          family={family}
          initial={patient}
          initialReason={reason}
          onNext={(chosen, why) => {
            setPatient(chosen);
            setReason(why);
            advance('BOOKING_FORM');
          }}
        />
      );
    case 'SMS_VERIFICATION':
      return (
        <SmsVerificationStage
          mobileNumber={me.credentials.mobile_number}
          onVerified={() => {
            setMobileVerified(true);
            advance('SMS_VERIFICATION', { mobileVerified: true });
          }}
        />
      );
    case 'INSURANCE':
      return (
        <>
          <InsuranceList
            insurances={context.insurances}
            selfPayOffered
            value={insurance}
            onChange={(choice) => {
              setInsurance(choice);
              if (choice !== null) advance('INSURANCE', { insurance: choice });
            }}
          />
          {insurance !== null && (
            <Box sx={{ mt: 3, textAlign: 'right' }}>
              <Button variant="contained" onClick={() => advance('INSURANCE')}>
                {t('booking.continue')}
              </Button>
            </Box>
          )}
        </>
      );
    case 'INSURANCE_CONFIRMATION':
      return (
        <InsuranceConfirmationStage
          insurance={typeof insurance === 'object' && insurance ? insurance.insurance : ''}
          initialMemberId={memberId}
          onConfirm={(id) => {
            setMemberId(id);
            advance('INSURANCE_CONFIRMATION');
          }}
        />
      );
    case 'BOOK_APPOINTMENT':
      return (
        <BookingReviewStage
          patientName={bookingPatientName(patient) ?? me.name.full_name}
          reason={reason}
          insurance={insurance}
          visitFee={
            visitFee.payment?.status === 'authorized'
              ? `${money(visitFee.payment.amount)} · ${maskedCard(visitFee.payment.card_brand, visitFee.payment.card_last6)}`
              : null
          }
          busy={booking.busy}
          error={booking.slotTaken ? null : booking.error}
          onBook={() => void booking.bookOn(booking.start, patient, reason, extras)}
        />
      );
    case 'ADD_CARD':
      return (
        <AddCardStage
          patientId={me.id}
          savedCards={savedCards}
          lookupError={context.cardLookupError}
          onSaved={(card) => setSavedCards([card, ...savedCards])}
          onContinue={() => advance('ADD_CARD')}
        />
      );
    case 'PAY_PAL':
      // No PayPal adapter behind the payment port yet: the fee is paid by card next.
      return (
        <Alert severity="info">
          {t('booking.payPal')}
          <Button sx={{ ml: 2 }} onClick={() => advance(stage)}>
            {t('booking.continue')}
          </Button>
        </Alert>
      );
    case 'PAYMENT':
      return (
        <PaymentStage
          amount={paymentSettings ? visitFeeAmount(paymentSettings, insured) : 0}
          insured={insured}
          savedCards={savedCards}
          payment={visitFee.payment}
          busy={visitFee.busy}
          error={visitFee.error}
          onPay={(source) =>
            void visitFee
              .pay(visitFeeAmount(paymentSettings!, insured), insured, source)
              .then((paid) => paid && advance('PAYMENT'))
          }
          onContinue={() => advance('PAYMENT')}
        />
      );
    case 'SCREENING_FORM':
      return (
        <ScreeningStage
          loadForms={loadForms}
          submit={(formId, answers) =>
            bookingApi
              .submitScreening(calendar.calendar_id, {
                patient_id: intakePatientId ?? me.id,
                form_id: formId,
                answers,
              })
              .then((saved) => {
                onScreened(formId, saved.screening_id);
                return saved;
              })
          }
          onDone={() => advance('SCREENING_FORM')}
        />
      );
    case 'PATIENT_DEMOGRAPHICS':
      if (intakePatientId === null) return atTheVisit();
      return (
        <DemographicsStage
          key={intakePatientId}
          load={loadDemographics}
          save={(input) => bookingApi.saveDemographics(intakePatientId, input)}
          onDone={() => advance('PATIENT_DEMOGRAPHICS')}
        />
      );
    case 'VERIFY_ELIGIBILITY':
      if (intakePatientId === null) return atTheVisit();
      return (
        <EligibilityStage
          insuranceName={insuranceName}
          initialMemberId={memberId}
          loadPlans={loadPlans}
          verify={(input) =>
            bookingApi.verifyEligibility({
              ...input,
              calendar_id: calendar.calendar_id,
              patient_id: intakePatientId,
            })
          }
          onEligible={(id) => {
            setMemberId(id);
            advance('VERIFY_ELIGIBILITY');
          }}
          onSelfPay={() => {
            setInsurance('self-pay');
            advance('VERIFY_ELIGIBILITY', { insurance: 'self-pay' });
          }}
        />
      );
  }
}
