import { DemoRequestDto, MARKETING_MESSAGES } from '@medbook/contracts';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { fieldErrors } from '../../../shared/field-errors';
import { translateText, useTranslation } from '../../../shared/i18n';
import { landingApi } from '../api/landing-api';

type Field = keyof DemoRequestDto;
const EMPTY: Record<Field, string> = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  practice_name: '',
  message: '',
};
const FIELDS: readonly { name: Field; label: string; required: boolean; type?: string }[] = [
  { name: 'first_name', label: 'First Name', required: true },
  { name: 'last_name', label: 'Last Name', required: true },
  { name: 'email', label: 'Email', required: true, type: 'email' },
  { name: 'phone', label: 'Phone', required: false, type: 'tel' },
  { name: 'practice_name', label: 'Practice Name', required: true },
];

/** Spec 2.6: required fields marked with a red star, errors in red. */
const redStar = { '& .MuiFormLabel-asterisk': { color: 'error.main' } } as const;

/** The Request a Demo form: checked with the API's own rules, then sent. */
export function DemoRequestForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  const form = (): Partial<DemoRequestDto> => ({
    ...values,
    phone: values.phone.trim() || undefined,
    message: values.message.trim() || undefined,
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(DemoRequestDto, form());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setState(null);
      return;
    }
    setBusy(true);
    try {
      await landingApi.requestDemo(form() as DemoRequestDto);
      setValues(EMPTY);
      setState({ ok: true, message: MARKETING_MESSAGES.demoRequested });
    } catch (cause) {
      setState({ ok: false, message: errorMessageOf(cause) });
    } finally {
      setBusy(false);
    }
  };
  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
    error: !!errors[name],
    helperText: errors[name] ? translateText(errors[name]) : ' ',
    size: 'small' as const,
    fullWidth: true,
    sx: redStar,
  });
  return (
    <Stack
      component="form"
      noValidate
      aria-label={t('landing.sections.demo')}
      onSubmit={(e) => void submit(e)}
      spacing={0.5}
      sx={{ bgcolor: 'background.paper', p: { xs: 2, sm: 3 }, borderRadius: 2, maxWidth: 560 }}
    >
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {FIELDS.map((f) => (
          <TextField
            key={f.name}
            label={translateText(f.label)}
            required={f.required}
            type={f.type}
            {...field(f.name)}
          />
        ))}
      </Box>
      <TextField label={t('landing.demo.message')} multiline minRows={3} {...field('message')} />
      <Box role="status" aria-live="polite">
        {state && (
          <Alert severity={state.ok ? 'success' : 'error'}>{translateText(state.message)}</Alert>
        )}
      </Box>
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {t('landing.sections.demo')}
      </Button>
    </Stack>
  );
}
