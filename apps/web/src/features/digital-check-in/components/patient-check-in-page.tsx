import {
  type CardDto,
  type CustomFormView,
  DIGITAL_CHECK_IN_MESSAGES as M,
  type DigitalCheckInView,
  type InsuranceCardSide,
} from '@medbook/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import {
  Alert,
  AlertTitle,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useObservableCallback, useObservableState } from 'observable-hooks';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { settled } from '../../../live/settled';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { toast } from '../../../shared/toast';
import { digitalCheckInApi, uploadInsuranceCard } from '../api/digital-check-in-api';
import { patientCheckIn$ } from '../streams/check-in-summary.stream';
import { InformationStep } from './information-step';
import { type Signature, SignatureField } from './signature-field';
import { newCommandId } from '../../../shared/command-id';

/** A visit still to come may be canceled from its check-in (allow_cancel_appointment). */
const CANCELABLE = ['Pending', 'Accepted', 'Scheduled', 'Confirmed'];

export type CheckInStage = 'consent' | 'copay-payment';

/** The card form (the booking wizard's), composed in by the app. */
export type CardFormRenderer = (props: {
  readonly submitLabel: string;
  readonly busy: boolean;
  readonly error: string | null;
  readonly onSubmit: (card: CardDto) => void;
}) => ReactNode;

function Section(props: { title: string; done: boolean; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      data-testid={props.testId}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {props.title}
        </Typography>
        {props.done && (
          <Chip icon={<CheckCircle />} color="success" size="small" label={t('checkIn.done')} />
        )}
      </Stack>
      {props.children}
    </Paper>
  );
}

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

type Consent = DigitalCheckInView['consents'][number];

const signedAt = (iso: string) =>
  formatDate(DateTime.fromISO(iso), 'MMM d, h:mm a', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

function ConsentStep(props: {
  view: DigitalCheckInView;
  consent: Consent;
  onChanged: (p: number) => void;
}) {
  const { view, consent, onChanged } = props;
  const [signature, setSignature] = useState<Signature | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changed = useCallback((s: Signature | null) => setSignature(s), []);
  const { t } = useTranslation();
  const sign = async () => {
    if (!signature) return setError(M.signatureRequired);
    setBusy(true);
    setError(null);
    try {
      const answer = await digitalCheckInApi.sign(view.appointment_id, consent.consent_id, {
        version: consent.version,
        ...signature,
      });
      toast.success(M.consentSigned);
      onChanged(answer.position);
    } catch (cause) {
      setError(errorMessageOf(cause));
      if (cause instanceof Error) onChanged(0);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      const answer = await digitalCheckInApi.unsign(view.appointment_id, consent.consent_id);
      toast.success(M.consentDeleted);
      onChanged(answer.position);
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };
  const id = `consent-${consent.consent_id}`;
  return (
    <Section title={consent.title} done={consent.signed !== null} testId="consent-step">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('checkIn.version', { version: consent.version })}
        {consent.required ? t('checkIn.required') : ''}
      </Typography>
      <Typography
        component="div"
        sx={{ whiteSpace: 'pre-wrap', maxHeight: 240, overflow: 'auto', mb: 2 }}
        tabIndex={0}
        aria-label={t('checkIn.consentText', { title: consent.title })}
      >
        {consent.text}
      </Typography>
      {consent.signed ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography>
            {consent.signed.kind === 'typed'
              ? t('checkIn.signedTyped', {
                  name: consent.signed.typed_name ?? '',
                  date: signedAt(consent.signed.signed_at),
                })
              : t('checkIn.signedDrawn', { date: signedAt(consent.signed.signed_at) })}
          </Typography>
          <Button color="error" variant="outlined" disabled={busy} onClick={() => void remove()}>
            {t('checkIn.deleteSignature')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={1.5}>
          <SignatureField id={id} onChange={changed} />
          {error && <Alert severity="error">{translateText(error)}</Alert>}
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void sign()}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('checkIn.signConsent')}
          </Button>
        </Stack>
      )}
    </Section>
  );
}

function CopayStep(props: {
  view: DigitalCheckInView;
  onChanged: (p: number) => void;
  cardForm: CardFormRenderer;
}) {
  const { view, onChanged } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [commandId] = useState(() => newCommandId());
  const { t } = useTranslation();
  const { copay } = view;
  // allow_partial_payment with a balance or deductible due: the patient says how much.
  const partial = copay.minimum < copay.due;
  // The amount typed, for the total it was typed against: a new total starts again from it.
  const [typed, setTyped] = useState<{ due: number; value: string } | null>(null);
  const chosen = typed?.due === copay.due ? typed.value : copay.due.toFixed(2);
  const setChosen = (value: string) => setTyped({ due: copay.due, value });
  const chosenAmount = partial ? Number(chosen) : copay.due;
  const inRange =
    Number.isFinite(chosenAmount) &&
    Math.round(chosenAmount * 100) >= Math.round(copay.minimum * 100) &&
    Math.round(chosenAmount * 100) <= Math.round(copay.due * 100);
  const pay = async (card: CardDto) => {
    if (!inRange) return setError(M.partialRange);
    setBusy(true);
    setError(null);
    try {
      const payment = await digitalCheckInApi.payCopay(
        view.appointment_id,
        chosenAmount,
        card,
        commandId,
      );
      toast.success(M.copayPaid);
      onChanged(payment.position);
    } catch (cause) {
      setError(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };
  const money = (value: number) => `$${value.toFixed(2)}`;
  const amount = money(copay.due);
  const lines: [string, number][] = [
    [t('checkIn.copayLine'), copay.copay],
    [t('checkIn.balanceLine'), copay.outstanding_balance],
    [t('checkIn.deductibleLine'), copay.deductible],
  ];
  return (
    <Section title={t('checkIn.copay')} done={view.copay.paid} testId="copay-step">
      {view.copay.paid ? (
        <Typography>
          {t('checkIn.copayPaidOf', { amount: `$${view.copay.amount_paid.toFixed(2)}` })}
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          {(copay.outstanding_balance > 0 || copay.deductible > 0) && (
            <Stack component="dl" spacing={0.5} sx={{ m: 0 }} data-testid="amounts-due">
              {lines
                .filter(([, value]) => value > 0)
                .map(([label, value]) => (
                  <Stack key={label} direction="row" sx={{ justifyContent: 'space-between' }}>
                    <Typography component="dt">{label}</Typography>
                    <Typography component="dd" sx={{ m: 0 }}>
                      {money(value)}
                    </Typography>
                  </Stack>
                ))}
            </Stack>
          )}
          <Typography>{t('checkIn.copayDue', { amount })}</Typography>
          {partial && (
            <TextField
              label={t('checkIn.amountToPay')}
              type="number"
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
              error={!inRange}
              helperText={t('checkIn.amountRange', {
                min: money(copay.minimum),
                max: money(copay.due),
              })}
              slotProps={{ htmlInput: { min: copay.minimum, max: copay.due, step: 0.01 } }}
              sx={{ maxWidth: 240 }}
            />
          )}
          {props.cardForm({
            submitLabel: t('checkIn.pay', {
              amount: inRange ? money(chosenAmount) : amount,
            }),
            busy,
            error: error && translateText(error),
            onSubmit: (card) => void pay(card),
          })}
        </Stack>
      )}
    </Section>
  );
}

function InsuranceStep(props: { view: DigitalCheckInView; onChanged: (p: number) => void }) {
  const { view, onChanged } = props;
  const [busy, setBusy] = useState<InsuranceCardSide | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  const upload = async (side: InsuranceCardSide, file: File | undefined) => {
    if (!file) return;
    setBusy(side);
    setError(null);
    try {
      const answer = await uploadInsuranceCard(view.appointment_id, side, file);
      toast.success(M.cardUploaded);
      onChanged(answer.position);
    } catch (cause) {
      setError(errorMessageOf(cause));
    } finally {
      setBusy(null);
    }
  };
  const sides: InsuranceCardSide[] = ['front', 'back'];
  return (
    <Section
      title={t('checkIn.insuranceCard')}
      done={view.insurance_cards.length >= 2}
      testId="insurance-step"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('checkIn.insuranceHelp')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {sides.map((side) => {
          const held = view.insurance_cards.find((c) => c.side === side);
          return (
            <Stack key={side} spacing={1} sx={{ flex: 1 }}>
              <Button
                variant={held ? 'outlined' : 'contained'}
                component="label"
                disabled={busy !== null}
              >
                {held
                  ? t(side === 'front' ? 'checkIn.replaceFront' : 'checkIn.replaceBack')
                  : t(side === 'front' ? 'checkIn.uploadFront' : 'checkIn.uploadBack')}
                <input
                  hidden
                  type="file"
                  accept="image/jpeg,image/png,application/pdf"
                  data-testid={`insurance-${side}`}
                  onChange={(event) => void upload(side, event.target.files?.[0])}
                />
              </Button>
              {held && (
                <Typography variant="body2">
                  {t(side === 'front' ? 'checkIn.frontUploaded' : 'checkIn.backUploaded', {
                    size: Math.ceil(held.size / 1024),
                  })}
                </Typography>
              )}
            </Stack>
          );
        })}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {translateText(error)}
        </Alert>
      )}
    </Section>
  );
}

function FormsStep(props: {
  view: DigitalCheckInView;
  patientId: string;
  onChanged: (p: number) => void;
}) {
  const { view, patientId, onChanged } = props;
  const [forms, setForms] = useState<CustomFormView[] | null>(null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  const open = async () => setForms(await digitalCheckInApi.customForms(view.calendar_id));
  const submit = async (form: CustomFormView) => {
    setBusy(true);
    try {
      const { screening_id } = await digitalCheckInApi.submitScreening(view.calendar_id, {
        patient_id: patientId,
        form_id: form.id,
        answers,
      });
      const answer = await digitalCheckInApi.formsAnswered(view.appointment_id, screening_id);
      toast.success(M.formsRecorded);
      onChanged(answer.position);
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };
  const form = forms?.[0];
  return (
    <Section title={t('checkIn.forms')} done={view.forms.done} testId="forms-step">
      {view.forms.done ? (
        <Typography>{t('checkIn.answersSent')}</Typography>
      ) : !form ? (
        <Button variant="outlined" onClick={() => void open()}>
          {t('checkIn.answerForms')}
        </Button>
      ) : (
        <Stack spacing={1.5}>
          <Typography variant="subtitle1">{form.title}</Typography>
          {form.questions.map((q) => (
            <TextField
              key={q.id}
              label={q.label}
              select={q.kind === 'yes_no'}
              required={q.required}
              value={answers[q.id] ?? ''}
              onChange={(e) => setAnswers({ ...answers, [q.id]: e.target.value })}
              fullWidth
            >
              {q.kind === 'yes_no'
                ? [
                    <MenuItem key="yes" value="yes">
                      {t('checkIn.yes')}
                    </MenuItem>,
                    <MenuItem key="no" value="no">
                      {t('checkIn.no')}
                    </MenuItem>,
                  ]
                : undefined}
            </TextField>
          ))}
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void submit(form)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('checkIn.sendAnswers')}
          </Button>
        </Stack>
      )}
    </Section>
  );
}

function ArriveStep(props: { view: DigitalCheckInView; onChanged: (p: number) => void }) {
  const { view, onChanged } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  const label = view.settings.i_have_arrived_text.trim() || t('checkIn.iHaveArrived');
  const arrive = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await digitalCheckInApi.announceArrival(view.appointment_id);
      toast.success(answer.awaiting_entry ? M.waitForEntry : M.arrivalRecorded);
      onChanged(answer.position);
    } catch (cause) {
      setError(errorMessageOf(cause, M.unableToCheckIn));
    } finally {
      setBusy(false);
    }
  };
  const { arrival } = view;
  return (
    <Section
      title={t('checkIn.arrival')}
      done={view.arrived || arrival.announced_at !== null}
      testId="arrive-step"
    >
      {arrival.ready_text ? (
        <Alert severity="success" data-testid="ready-text">
          {translateText(arrival.ready_text)}
        </Alert>
      ) : arrival.awaiting_entry ? (
        <Alert severity="info" data-testid="waiting-for-entry">
          <AlertTitle>{t('checkIn.waitingForEntry')}</AlertTitle>
          {translateText(M.waitForEntry)}
        </Alert>
      ) : view.arrived ? (
        <Typography>{t('checkIn.checkedIn')}</Typography>
      ) : (
        <Stack spacing={1.5}>
          <Typography>{t('checkIn.letThemKnow')}</Typography>
          {error && <Alert severity="error">{translateText(error)}</Alert>}
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void arrive()}
            sx={{ alignSelf: 'flex-start' }}
          >
            {label}
          </Button>
        </Stack>
      )}
    </Section>
  );
}

/**
 * Cancel from the check-in (allow_cancel_appointment); with enable_cancellation_message the
 * patient may leave the practice a message (the cancellation's reason).
 */
function CancelVisit({ view }: { view: DigitalCheckInView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const withMessage = view.settings.enable_cancellation_message;
  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      await digitalCheckInApi.cancel(view.appointment_id, withMessage ? message.trim() : '');
      toast.success(t('checkIn.canceled'));
      void navigate('/dashboard/patient');
    } catch (cause) {
      setError(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        color="error"
        variant="outlined"
        onClick={() => setOpen(true)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('checkIn.cancelVisit')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="cancel-visit-title"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="cancel-visit-title">{t('checkIn.cancelTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {withMessage && (
              <TextField
                label={t('checkIn.cancelMessage')}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 500 } }}
                multiline
                minRows={2}
                fullWidth
              />
            )}
            {error && <Alert severity="error">{translateText(error)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('checkIn.keepVisit')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void cancel()}>
            {t('checkIn.cancelVisit')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
