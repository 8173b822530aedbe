import type { EligibilityView, InsurancePlanView } from '@medbook/contracts';
import { Alert, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { INSURANCE_TEXTS } from '../insurance-options';
import { useErrorAnnouncer } from '../../../shared/form-errors';
import { useTranslation } from '../../../shared/i18n';

export interface EligibilityInput {
  readonly insurance_id: number;
  readonly plan_id: number;
  readonly member_id: string;
}

const MEMBER_ID = /^[A-Za-z0-9-]{3,30}$/;

/** What is wrong with the typed plan and member id, in words; empty when ready to verify. */
export function eligibilityErrors(planId: string, memberId: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (planId === '') errors.plan = 'Please choose your plan.';
  if (memberId.trim() === '') errors.member = 'Please enter your member id.';
  else if (!MEMBER_ID.test(memberId.trim())) {
    errors.member =
      'Please enter the member id as printed on your card (3 to 30 letters or digits).';
  }
  return errors;
}

interface Props {
  readonly insuranceName: string;
  readonly initialMemberId: string;
  /** The chosen insurance's plans; an empty list when the insurance is not in the reference list. */
  readonly loadPlans: () => Promise<InsurancePlanView[]>;
  readonly verify: (input: EligibilityInput) => Promise<EligibilityView>;
  readonly onEligible: (memberId: string) => void;
  /** Not eligible: the patient may book as self-paying instead. */
  readonly onSelfPay?: () => void;
}

/** VERIFY_ELIGIBILITY: the plan and member id are checked with the insurance before booking. */
export function EligibilityStage({
  insuranceName,
  initialMemberId,
  loadPlans,
  verify,
  onEligible,
  onSelfPay,
}: Props) {
  const { t } = useTranslation();
  const [plans, setPlans] = useState<readonly InsurancePlanView[] | null>(null);
  const [planId, setPlanId] = useState('');
  const [memberId, setMemberId] = useState(initialMemberId);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<EligibilityView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { formRef, announce, region } = useErrorAnnouncer();

  useEffect(() => {
    let live = true;
    loadPlans().then(
      (loaded) => {
        if (!live) return;
        setPlans(loaded);
        if (loaded.length === 1) setPlanId(String(loaded[0]!.id));
      },
      () => {
        if (!live) return;
        setPlans([]);
        setError('The plans of this insurance could not be loaded.');
      },
    );
    return () => {
      live = false;
    };
  }, [loadPlans]);

  if (plans === null) return <CircularProgress aria-label={t('booking.insurance.loadingPlans')} />;
  if (plans.length === 0 && !error) {
    return (
      <Alert severity="warning">
        This insurance is not in our list, so it cannot be verified online. Go back and choose your
        insurance from the list.
      </Alert>
    );
  }
  const errors = submitted ? eligibilityErrors(planId, memberId) : {};

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setResult(null);
    const plan = plans.find((p) => String(p.id) === planId);
    const refused = eligibilityErrors(planId, memberId);
    if (Object.keys(refused).length > 0) {
      announce([
        ['Plan', refused.plan],
        ['Member ID', refused.member],
      ]);
      return;
    }
    if (!plan) return;
    setBusy(true);
    setError(null);
    try {
      setResult(
        await verify({
          insurance_id: plan.insurance_id,
          plan_id: plan.id,
          member_id: memberId.trim(),
        }),
      );
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'Eligibility could not be verified.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" ref={formRef} spacing={3} onSubmit={(e) => void onSubmit(e)} noValidate>
      {region}
      <Typography>
        Insurance: <strong>{insuranceName}</strong>
      </Typography>
      <TextField
        select
        label={t('booking.insurance.plan')}
        value={planId}
        onChange={(event) => setPlanId(event.target.value)}
        required
        error={Boolean(errors.plan)}
        helperText={errors.plan}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('booking.insurance.choosePlan')}</option>
        {plans.map((plan) => (
          <option key={plan.id} value={String(plan.id)}>
            {plan.name}
          </option>
        ))}
      </TextField>
      <TextField
        label={t('booking.insurance.memberId')}
        value={memberId}
        onChange={(event) => {
          setMemberId(event.target.value);
          setResult(null);
        }}
        required
        error={Boolean(errors.member)}
        helperText={errors.member}
        slotProps={{ htmlInput: { maxLength: 30 } }}
      />
      {error && <Alert severity="error">{error}</Alert>}
      {result && (
        <Alert severity={result.eligible ? 'success' : 'warning'} data-testid="eligibility-result">
          {result.message}
        </Alert>
      )}
      {result && !result.eligible && onSelfPay && (
        <Alert
          severity="info"
          data-testid="self-pay-offer"
          action={
            <Button color="inherit" onClick={onSelfPay}>
              {INSURANCE_TEXTS.selfPaying}
            </Button>
          }
        >
          {t('booking.insurance.selfPay')}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        {result?.eligible ? (
          <Button variant="contained" size="large" onClick={() => onEligible(memberId.trim())}>
            {t('booking.continue')}
          </Button>
        ) : (
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('booking.insurance.verify')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
