import { type PracticePatientView, RegisterPatientDto } from '@medbook/contracts';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { fieldErrors } from '../field-errors';
import { useCommand } from '../use-command';
import { patientsApi } from './patients-api';
import { translateText, useTranslation } from '../i18n';
import { newCommandId } from '../command-id';

type Field = 'first_name' | 'last_name' | 'birth_date' | 'mobile_number' | 'email';

const LABELS: Record<Field, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  birth_date: 'Birth date',
  mobile_number: 'Mobile phone',
  email: 'Email (optional)',
};

/**
 * Registers a patient at the desk: names, birth date and phone (email optional), checked with
 * the API's own rules before sending. The patient can claim the account later from their email.
 */
export function NewPatientForm(props: {
  practiceId: string;
  initial: { first_name: string; last_name: string };
  onRegistered: (patient: PracticePatientView) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({
    first_name: props.initial.first_name,
    last_name: props.initial.last_name,
    birth_date: '',
    mobile_number: '',
    email: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // One command id per form: a double submit or a retry registers one patient.
  const commandId = useRef(newCommandId());
  const register = useCommand(patientsApi.register);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: RegisterPatientDto = {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      birth_date: values.birth_date,
      mobile_number: values.mobile_number.trim(),
      ...(values.email.trim() ? { email: values.email.trim() } : {}),
      command_id: commandId.current,
    };
    const found = fieldErrors(RegisterPatientDto, body);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (Object.keys(LABELS) as Field[]).find((f) => found[f]);
      if (first) document.getElementById(`new-patient-${first}`)?.focus();
      return;
    }
    const outcome = await register.run(props.practiceId, body);
    if (outcome.ok) props.onRegistered(outcome.result.patient);
  };

  const field = (name: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={`new-patient-${name}`}
      label={t(`frontDesk.newPatient.${name}`)}
      value={values[name]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        setErrors((found) => ({ ...found, [name]: undefined }));
      }}
      error={!!errors[name]}
      helperText={errors[name] ? translateText(errors[name]) : extra.helperText}
      required={name !== 'email'}
      fullWidth
      size="small"
      {...extra}
    />
  );

  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={t('frontDesk.finder.newPatient')}
      data-testid="new-patient-form"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('first_name', { autoFocus: !props.initial.first_name, autoComplete: 'off' })}
        {field('last_name', { autoFocus: !!props.initial.first_name, autoComplete: 'off' })}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('birth_date', {
          type: 'date',
          slotProps: { inputLabel: { shrink: true }, htmlInput: { max: '9999-12-31' } },
        })}
        {field('mobile_number', {
          type: 'tel',
          autoComplete: 'off',
          helperText: t('frontDesk.newPatient.phoneHelp'),
        })}
      </Stack>
      {field('email', {
        type: 'email',
        autoComplete: 'off',
        helperText: t('frontDesk.newPatient.emailHelp'),
      })}
      {register.error && <Alert severity="error">{translateText(register.error)}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={props.onCancel} sx={{ whiteSpace: 'nowrap' }}>
          {t('frontDesk.newPatient.backToSearch')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={register.pending}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('frontDesk.newPatient.register')}
        </Button>
      </Stack>
    </Stack>
  );
}
