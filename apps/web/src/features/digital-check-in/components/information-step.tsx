import {
  DIGITAL_CHECK_IN_MESSAGES as M,
  type DigitalCheckInView,
  type HistoryKind,
  type InformationStep as Step,
  type MedicalHistoryDto,
  maySkip,
  VALIDATION_MESSAGES,
} from '@medbook/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import {
  Alert,
  Box,
  Button,
  Chip,
  Divider,
  Grid,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { digitalCheckInApi, uploadGovernmentId } from '../api/digital-check-in-api';

interface Props {
  readonly view: DigitalCheckInView;
  readonly onChanged: (position: number) => void;
}

/** The field errors the API answered (the spec's 'Required', 'Invalid', ...), by field. */
function fieldErrors(cause: unknown): Record<string, string> {
  const data = (cause as { data?: unknown } | null)?.data;
  if (!data || typeof data !== 'object') return {};
  return Object.fromEntries(
    Object.entries(data as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** One form of the step: its fields, a Save, and the API's words under the fields. */
function useStepForm(onChanged: (position: number) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const run = async (send: () => Promise<{ position: number }>, done: string) => {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const answer = await send();
      toast.success(done);
      onChanged(answer.position);
    } catch (cause) {
      setError(errorMessageOf(cause));
      setFields(fieldErrors(cause));
    } finally {
      setBusy(false);
    }
  };
  /** The spec's 'Required' under each empty required field; true when none is empty. */
  const filled = (values: Record<string, string | undefined>, required: readonly string[]) => {
    const missing = required.filter((name) => !values[name]?.trim());
    setFields(Object.fromEntries(missing.map((name) => [name, VALIDATION_MESSAGES.required])));
    return missing.length === 0;
  };
  return { busy, error, fields, run, filled };
}

/**
 * The information the provider's settings ask for (emergency contact, preferred pharmacy,
 * government-issued ID, health history); the pharmacy and the ID may be skipped where allowed.
 */
export function InformationStep({ view, onChanged }: Props) {
  const { t } = useTranslation();
  const info = view.information;
  const done = info.done_steps.length >= info.steps.length;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      data-testid="information-step"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('checkIn.information')}
        </Typography>
        {done && (
          <Chip icon={<CheckCircle />} color="success" size="small" label={t('checkIn.done')} />
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('checkIn.informationHelp')}
      </Typography>
      <Stack spacing={3} divider={<Divider flexItem />}>
        {info.steps.map((step) => (
          <StepForm key={step} step={step} view={view} onChanged={onChanged} />
        ))}
      </Stack>
    </Paper>
  );
}

function StepForm(props: { step: Step; view: DigitalCheckInView; onChanged: (p: number) => void }) {
  switch (props.step) {
    case 'emergency-contact':
      return <EmergencyContactForm {...props} />;
    case 'preferred-pharmacy':
      return <PharmacyForm {...props} />;
    case 'government-id':
      return <GovernmentIdForm {...props} />;
    case 'medical-history':
      return <HistoryForm {...props} />;
    default: {
      const unknown: never = props.step;
      return unknown;
    }
  }
}

function StepTitle(props: { title: string; done: boolean; skipped?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
        {props.title}
      </Typography>
      {props.done && (
        <Chip
          size="small"
          variant="outlined"
          color="success"
          label={props.skipped ? t('checkIn.skipped') : t('checkIn.done')}
        />
      )}
    </Stack>
  );
}

function Problem(props: { error: string | null }) {
  return props.error ? <Alert severity="error">{translateText(props.error)}</Alert> : null;
}

function EmergencyContactForm({ view, onChanged }: Props) {
  const { t } = useTranslation();
  const held = view.information.emergency_contact;
  const [value, setValue] = useState({
    first_name: held?.first_name ?? '',
    last_name: held?.last_name ?? '',
    relationship: held?.relationship ?? '',
    phone: held?.phone ?? '',
  });
  const form = useStepForm(onChanged);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.filled(value, ['first_name', 'last_name', 'relationship', 'phone'])) return;
    void form.run(
      () => digitalCheckInApi.emergencyContact(view.appointment_id, value),
      M.informationSaved,
    );
  };
  const field = (name: keyof typeof value, label: string, type = 'text') => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        label={label}
        type={type}
        value={value[name]}
        onChange={(e) => setValue({ ...value, [name]: e.target.value })}
        error={Boolean(form.fields[name])}
        helperText={form.fields[name] ? translateText(form.fields[name]) : undefined}
        required
        fullWidth
      />
    </Grid>
  );
  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="emergency-contact-form">
      <StepTitle title={t('checkIn.emergencyContact')} done={held !== null} />
      <Grid container spacing={2}>
        {field('first_name', t('checkIn.firstName'))}
        {field('last_name', t('checkIn.lastName'))}
        {field('relationship', t('checkIn.relationship'))}
        {field('phone', t('checkIn.phone'), 'tel')}
      </Grid>
      <Stack spacing={1.5} sx={{ mt: 1.5 }}>
        <Problem error={form.error} />
        <Button
          type="submit"
          variant="contained"
          disabled={form.busy}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('checkIn.save')}
        </Button>
      </Stack>
    </Box>
  );
}

function PharmacyForm({ view, onChanged }: Props) {
  const { t } = useTranslation();
  const held = view.information.preferred_pharmacy;
  const skipped = view.information.skipped.includes('preferred-pharmacy');
  const [value, setValue] = useState({
    name: held?.name ?? '',
    address: held?.address ?? '',
    city: held?.city ?? '',
    zip_code: held?.zip_code ?? '',
    phone: held?.phone ?? '',
  });
  const form = useStepForm(onChanged);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.filled(value, ['name'])) return;
    const body = Object.fromEntries(
      Object.entries(value).filter(([key, v]) => key === 'name' || v.trim() !== ''),
    ) as typeof value;
    void form.run(() => digitalCheckInApi.pharmacy(view.appointment_id, body), M.informationSaved);
  };
  const field = (name: keyof typeof value, label: string, required = false, type = 'text') => (
    <Grid size={{ xs: 12, sm: name === 'name' || name === 'address' ? 12 : 4 }}>
      <TextField
        label={label}
        type={type}
        value={value[name]}
        onChange={(e) => setValue({ ...value, [name]: e.target.value })}
        error={Boolean(form.fields[name])}
        helperText={form.fields[name] ? translateText(form.fields[name]) : undefined}
        required={required}
        fullWidth
      />
    </Grid>
  );
  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="pharmacy-form">
      <StepTitle
        title={t('checkIn.pharmacy')}
        done={held !== null || skipped}
        skipped={!held && skipped}
      />
      <Grid container spacing={2}>
        {field('name', t('checkIn.pharmacyName'), true)}
        {field('address', t('checkIn.address'))}
        {field('city', t('checkIn.city'))}
        {field('zip_code', t('checkIn.zipCode'))}
        {field('phone', t('checkIn.phone'), false, 'tel')}
      </Grid>
      <Stack spacing={1.5} sx={{ mt: 1.5 }}>
        <Problem error={form.error} />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={form.busy}>
            {t('checkIn.save')}
          </Button>
          {maySkip(view.settings, 'preferred-pharmacy') && !held && !skipped && (
            <SkipButton view={view} step="preferred-pharmacy" onChanged={onChanged} />
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

function SkipButton(props: {
  view: DigitalCheckInView;
  step: 'preferred-pharmacy' | 'government-id';
  onChanged: (p: number) => void;
}) {
  const { t } = useTranslation();
  const form = useStepForm(props.onChanged);
  return (
    <Button
      disabled={form.busy}
      onClick={() =>
        void form.run(
          () => digitalCheckInApi.skip(props.view.appointment_id, props.step),
          M.stepSkipped,
        )
      }
    >
      {t('checkIn.skip')}
    </Button>
  );
}

function GovernmentIdForm({ view, onChanged }: Props) {
  const { t } = useTranslation();
  const held = view.information.government_id;
  const skipped = view.information.skipped.includes('government-id');
  const form = useStepForm(onChanged);
  const upload = (file: File | undefined) => {
    if (!file) return;
    void form.run(() => uploadGovernmentId(view.appointment_id, file), M.informationSaved);
  };
  return (
    <Box data-testid="government-id-form">
      <StepTitle
        title={t('checkIn.governmentId')}
        done={held !== null || skipped}
        skipped={!held && skipped}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('checkIn.governmentIdHelp')}
      </Typography>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Button variant={held ? 'outlined' : 'contained'} component="label" disabled={form.busy}>
            {held ? t('checkIn.replaceId') : t('checkIn.uploadId')}
            <input
              hidden
              type="file"
              accept="image/jpeg,image/png,application/pdf"
              data-testid="government-id"
              onChange={(event) => upload(event.target.files?.[0])}
            />
          </Button>
          {maySkip(view.settings, 'government-id') && !held && !skipped && (
            <SkipButton view={view} step="government-id" onChanged={onChanged} />
          )}
        </Stack>
        {held && (
          <Typography variant="body2">
            {t('checkIn.idUploaded', { size: Math.ceil(held.size / 1024) })}
          </Typography>
        )}
        <Problem error={form.error} />
      </Stack>
    </Box>
  );
}

function HistoryForm({ view, onChanged }: Props) {
  const { t } = useTranslation();
  const asked = view.information.histories_asked;
  const given = view.information.histories;
  const [value, setValue] = useState<Partial<Record<HistoryKind, string>>>(() => ({ ...given }));
  const form = useStepForm(onChanged);
  const done = asked.length > 0 && asked.every((kind) => Boolean(given[kind]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.filled(value, asked)) return;
    const body: MedicalHistoryDto = Object.fromEntries(
      asked.map((kind) => [kind, value[kind] ?? '']),
    );
    void form.run(
      () => digitalCheckInApi.medicalHistory(view.appointment_id, body),
      M.informationSaved,
    );
  };
  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="history-form">
      <StepTitle title={t('checkIn.histories')} done={done} />
      <Stack spacing={2}>
        {asked.map((kind) => (
          <TextField
            key={kind}
            label={t(`checkIn.history.${kind}`)}
            value={value[kind] ?? ''}
            onChange={(e) => setValue({ ...value, [kind]: e.target.value })}
            error={Boolean(form.fields[kind])}
            helperText={form.fields[kind] ? translateText(form.fields[kind]) : undefined}
            required
            multiline
            minRows={2}
            fullWidth
          />
        ))}
        <Problem error={form.error} />
        <Button
          type="submit"
          variant="contained"
          disabled={form.busy}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('checkIn.save')}
        </Button>
      </Stack>
    </Box>
  );
}
