import { Alert, AlertTitle, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useObservableCallback, useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { settled } from '../../../live/settled';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { patientCheckIn$ } from '../streams/check-in-summary.stream';
import { InformationStep } from './information-step';
import { ConsentStep } from './consent-step';
import { type CardFormRenderer, CopayStep } from './copay-step';
import { InsuranceStep } from './insurance-step';
import { FormsStep } from './forms-step';
import { ArriveStep } from './arrive-step';
import { CancelVisit } from './cancel-visit';

export type { CardFormRenderer } from './copay-step';

/** A visit still to come may be canceled from its check-in (allow_cancel_appointment). */
const CANCELABLE = ['Pending', 'Accepted', 'Scheduled', 'Confirmed'];

export type CheckInStage = 'consent' | 'copay-payment';

/**
 * /patient/consent and /patient/copay-payment (query aptId): the patient's digital check-in before
 * arriving. The spec: "Consent is shown when required, otherwise copay payment."
 */
export function PatientCheckInPage(props: { stage: CheckInStage; cardForm: CardFormRenderer }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const appointmentId = params.get('aptId') ?? '';
  const user = currentUser();
  const [refresh, refresh$] = useObservableCallback<number | void>();
  const { t } = useTranslation();
  const shown = useObservableState(
    useMemo(() => settled(patientCheckIn$(appointmentId, refresh$)), [appointmentId, refresh$]),
  );
  if (!user) {
    rememberRedirect(`${location.pathname}${location.search}`);
    return <Navigate to="/login" replace />;
  }
  if (shown?.error) {
    return <Alert severity="error">{translateText(errorMessageOf(shown.error))}</Alert>;
  }
  const view = shown?.value;
  if (!view) return <CircularProgress aria-label={t('checkIn.loading')} />;
  if (!view.settings.digital_check_in_enabled) {
    return <Alert severity="info">{t('checkIn.messages.unableToCheckIn')}</Alert>;
  }
  const unsigned = view.consents.some((c) => c.required && !c.signed);
  if (props.stage === 'copay-payment' && unsigned) {
    return <Navigate to={`/patient/consent?aptId=${encodeURIComponent(appointmentId)}`} replace />;
  }
  if (props.stage === 'consent' && view.consents.length === 0) {
    return (
      <Navigate to={`/patient/copay-payment?aptId=${encodeURIComponent(appointmentId)}`} replace />
    );
  }
  const when = formatDate(
    DateTime.fromISO(view.start_date, { zone: view.time_zone }),
    "ccc, MMM d 'at' h:mm a",
    { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  );
  return (
    <Stack spacing={3} sx={{ maxWidth: 760, mx: 'auto', width: '100%' }}>
      <div>
        <Typography variant="h4" component="h1">
          {t('checkIn.title')}
        </Typography>
        <Typography color="text.secondary">{t('checkIn.yourVisit', { when })}</Typography>
      </div>
      {view.status === 'Canceled' && <Alert severity="info">{t('checkIn.canceled')}</Alert>}
      {view.settings.visit_instructions_enabled && view.settings.visit_instructions.trim() && (
        <Alert severity="info" data-testid="visit-instructions">
          <AlertTitle>{t('checkIn.visitInstructions')}</AlertTitle>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>
            {view.settings.visit_instructions}
          </Typography>
        </Alert>
      )}
      {props.stage === 'consent' ? (
        <>
          {view.consents.map((consent) => (
            <ConsentStep
              key={consent.consent_id}
              view={view}
              consent={consent}
              onChanged={refresh}
            />
          ))}
          <Button
            variant="contained"
            disabled={unsigned}
            onClick={() =>
              void navigate(`/patient/copay-payment?aptId=${encodeURIComponent(appointmentId)}`)
            }
          >
            {t('checkIn.continue')}
          </Button>
        </>
      ) : (
        <>
          {view.copay.due > 0 && (
            <CopayStep view={view} onChanged={refresh} cardForm={props.cardForm} />
          )}
          {view.settings.insurance_card_collection && (
            <InsuranceStep view={view} onChanged={refresh} />
          )}
          {view.forms.required && (
            <FormsStep view={view} patientId={view.patient_id} onChanged={refresh} />
          )}
          {view.information.steps.length > 0 && <InformationStep view={view} onChanged={refresh} />}
          <ArriveStep view={view} onChanged={refresh} />
        </>
      )}
      {view.settings.allow_cancel_appointment &&
        CANCELABLE.includes(view.status) &&
        !view.arrival.announced_at && <CancelVisit view={view} />}
    </Stack>
  );
}
