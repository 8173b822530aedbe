import {
  RecordVaccinationDto,
  VACCINATION_MESSAGES,
  VACCINE_KINDS,
  type VaccineKind,
} from '@medbook/contracts';
import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { DateTime } from 'luxon';
import { type FormEvent, useRef, useState } from 'react';
import { fieldErrors } from '../../../shared/field-errors';
import { translateText, useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { useCommand } from '../../../shared/use-command';
import { recordVaccination } from '../api/vaccination-api';
import { newCommandId } from '../../../shared/command-id';

type Field = 'vaccine_kind' | 'vaccine_name' | 'administered_on' | 'lot_number' | 'dose_number';

const LABELS = {
  vaccine_kind: 'vaccination.vaccineKind',
  vaccine_name: 'vaccination.vaccineName',
  administered_on: 'vaccination.dateGiven',
  lot_number: 'vaccination.lotNumber',
  dose_number: 'vaccination.doseNumber',
} as const satisfies Record<Field, string>;

const KIND_LABELS = {
  Covid: 'vaccination.kindCovid',
  Other: 'vaccination.other',
} as const satisfies Record<VaccineKind, string>;

const emptyDose = (): Record<Field, string> => ({
  vaccine_kind: 'Covid',
  vaccine_name: '',
  administered_on: DateTime.local().toISODate(),
  lot_number: '',
  dose_number: '1',
});

/** One dose given at this practice, checked with the API's own rules before it is sent. */
export function RecordVaccinationForm(props: {
  practiceId: string;
  patientId: string;
  onRecorded: (position: number) => void;
}) {
  const [values, setValues] = useState<Record<Field, string>>(emptyDose);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // One command id per dose: a double submit or a retry records it once.
  const commandId = useRef(newCommandId());
  const record = useCommand(recordVaccination);
  const today = DateTime.local().toISODate();
  const { t } = useTranslation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: RecordVaccinationDto = {
      vaccine_kind: values.vaccine_kind as VaccineKind,
      vaccine_name: values.vaccine_name.trim(),
      administered_on: values.administered_on,
      lot_number: values.lot_number.trim(),
      dose_number: values.dose_number === '' ? Number.NaN : Number(values.dose_number),
      command_id: commandId.current,
    };
    const found: Partial<Record<Field, string>> = fieldErrors(RecordVaccinationDto, body);
    if (!found.administered_on && body.administered_on > today) {
      found.administered_on = VACCINATION_MESSAGES.dateInFuture;
    }
    setErrors(found);
    const first = (Object.keys(LABELS) as Field[]).find((f) => found[f]);
    if (first) {
      document.getElementById(`vaccination-${first}`)?.focus();
      return;
    }
    const outcome = await record.run(props.practiceId, props.patientId, body);
    if (!outcome.ok) return;
    toast.success(VACCINATION_MESSAGES.recorded);
    commandId.current = newCommandId();
    setValues(emptyDose());
    props.onRecorded(outcome.result.position);
  };

  const field = (name: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={`vaccination-${name}`}
      label={t(LABELS[name])}
      value={values[name]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        setErrors((found) => ({ ...found, [name]: undefined }));
      }}
      error={!!errors[name]}
      helperText={errors[name] ? translateText(errors[name]) : extra.helperText}
      required
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
      aria-label={t('vaccination.recordTitle')}
      data-testid="record-vaccination-form"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('vaccine_kind', {
          select: true,
          children: VACCINE_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {t(KIND_LABELS[kind])}
            </MenuItem>
          )),
        })}
        {field('vaccine_name', {
          autoComplete: 'off',
          slotProps: { htmlInput: { maxLength: 80 } },
        })}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('administered_on', {
          type: 'date',
          slotProps: { inputLabel: { shrink: true }, htmlInput: { max: today } },
        })}
        {field('lot_number', { autoComplete: 'off', slotProps: { htmlInput: { maxLength: 30 } } })}
        {field('dose_number', {
          type: 'number',
          slotProps: { htmlInput: { min: 1, max: 20, step: 1 } },
        })}
      </Stack>
      {record.error && <Alert severity="error">{translateText(record.error)}</Alert>}
      <Button
        type="submit"
        variant="contained"
        disabled={record.pending}
        sx={{ alignSelf: 'flex-end', whiteSpace: 'nowrap' }}
        data-testid="record-vaccination-submit"
      >
        {t('vaccination.recordButton')}
      </Button>
    </Stack>
  );
}
