import {
  addressLineProblem,
  cityProblem,
  type CodedItem,
  type DemographicsView,
  isoToUsDate,
  pastDateProblem,
  type Sex,
  type UpdateDemographicsDto,
  usDateToIso,
  VALIDATION_MESSAGES,
  zipProblem,
} from '@medbook/contracts';
import { Alert, Button, CircularProgress, Grid, Stack, TextField } from '@mui/material';
import { DateTime } from 'luxon';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useErrorAnnouncer } from '../../../shared/form-errors';
import { useTranslation } from '../../../shared/i18n';

export interface DemographicsLists {
  readonly races: readonly CodedItem[];
  readonly ethnicities: readonly CodedItem[];
  readonly languages: readonly CodedItem[];
  readonly states: readonly CodedItem[];
}

export interface DemographicsFormValues {
  race_code: string;
  ethnicity_code: string;
  language_code: string;
  birth_date: string;
  sex: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip_code: string;
}

/** How the birth date is named in the spec's 'The {field} should be a date earlier than today.' */
const BIRTH_DATE_FIELD = 'date of birth';

export const SEX_OPTIONS = ['Female', 'Male', 'Other', 'Unknown'] as const;

export function valuesFrom(view: DemographicsView | null): DemographicsFormValues {
  return {
    race_code: view?.race_code ?? '',
    ethnicity_code: view?.ethnicity_code ?? '',
    language_code: view?.language_code ?? '',
    birth_date: isoToUsDate(view?.birth_date),
    sex: view?.sex ?? '',
    address1: view?.address?.address1 ?? '',
    address2: view?.address?.address2 ?? '',
    city: view?.address?.city ?? '',
    state: view?.address?.state ?? '',
    zip_code: view?.address?.zip_code ?? '',
  };
}

/**
 * Every field but the second address line is needed ('Required'); the birth date is typed
 * MM/DD/YYYY and the address follows the spec's limits: the shared rules of libs/contracts
 * (person-rules), which the API applies to the same fields.
 */
export function demographicsErrors(
  values: DemographicsFormValues,
  today: DateTime = DateTime.now(),
): Partial<Record<keyof DemographicsFormValues, string>> {
  const errors: Partial<Record<keyof DemographicsFormValues, string>> = {};
  const chosen: (keyof DemographicsFormValues)[] = [
    'race_code',
    'ethnicity_code',
    'language_code',
    'sex',
    'state',
  ];
  for (const field of chosen) if (values[field].trim() === '') errors[field] = 'Required';
  const problems: Partial<Record<keyof DemographicsFormValues, string | null>> = {
    birth_date:
      values.birth_date.trim() === ''
        ? VALIDATION_MESSAGES.required
        : pastDateProblem(
            usDateToIso(values.birth_date) ?? 'not a date',
            BIRTH_DATE_FIELD,
            today.toISODate() ?? undefined,
          ),
    address1: addressLineProblem(values.address1),
    address2: values.address2.trim() === '' ? null : addressLineProblem(values.address2),
    city: cityProblem(values.city),
    zip_code: zipProblem(values.zip_code),
  };
  for (const [field, problem] of Object.entries(problems)) {
    if (problem) errors[field as keyof DemographicsFormValues] = problem;
  }
  return errors;
}

/** The fields' labels, in the form's order, for the announcement of a refused submit. */
const FIELD_LABELS: readonly (readonly [keyof DemographicsFormValues, string])[] = [
  ['race_code', 'Race'],
  ['ethnicity_code', 'Ethnicity'],
  ['language_code', 'Preferred language'],
  ['sex', 'Sex'],
  ['birth_date', 'Date of birth'],
  ['address1', 'Street address'],
  ['address2', 'Apartment, suite'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip_code', 'ZIP code'],
];

export function inputFrom(values: DemographicsFormValues): UpdateDemographicsDto {
  return {
    race_code: values.race_code,
    ethnicity_code: values.ethnicity_code,
    language_code: values.language_code,
    // The form is sent once the date reads as a real MM/DD/YYYY day.
    birth_date: usDateToIso(values.birth_date) ?? values.birth_date,
    // The select offers only the spec's sexes, and the form is sent once one is chosen.
    sex: values.sex as Sex,
    address: {
      address1: values.address1.trim(),
      ...(values.address2.trim() ? { address2: values.address2.trim() } : {}),
      city: values.city.normalize('NFC').trim(),
      state: values.state,
      zip_code: values.zip_code.trim(),
    },
  };
}

interface Props {
  readonly load: () => Promise<{ lists: DemographicsLists; current: DemographicsView | null }>;
  readonly save: (input: UpdateDemographicsDto) => Promise<unknown>;
  readonly onDone: () => void;
}

/** PATIENT_DEMOGRAPHICS: race, ethnicity, language, birth date, sex and address, saved on the patient. */
export function DemographicsStage({ load, save, onDone }: Props) {
  const { t } = useTranslation();
  const [lists, setLists] = useState<DemographicsLists | null>(null);
  const [values, setValues] = useState<DemographicsFormValues>(valuesFrom(null));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { formRef, announce, region } = useErrorAnnouncer();

  useEffect(() => {
    let live = true;
    load().then(
      ({ lists: loaded, current }) => {
        if (!live) return;
        setLists(loaded);
        setValues(valuesFrom(current));
      },
      (cause: unknown) => {
        if (!live) return;
        setLists({ races: [], ethnicities: [], languages: [], states: [] });
        setError(cause instanceof Error ? cause.message : 'Your details could not be loaded.');
      },
    );
    return () => {
      live = false;
    };
  }, [load]);

  if (lists === null) return <CircularProgress aria-label={t('booking.demographics.loading')} />;
  const errors = submitted ? demographicsErrors(values) : {};
  const field = (name: keyof DemographicsFormValues) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((all) => ({ ...all, [name]: event.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
  });
  const select = (
    name: keyof DemographicsFormValues,
    label: string,
    items: readonly { value: string; label: string }[],
    required = true,
  ): ReactNode => (
    <TextField
      select
      label={label}
      required={required}
      {...field(name)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{t('booking.demographics.choose')}</option>
      {items.map((item) => (
        <option key={item.value} value={item.value}>
          {item.label}
        </option>
      ))}
    </TextField>
  );
  const coded = (items: readonly CodedItem[]) =>
    items.map((item) => ({ value: item.code, label: item.name }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const refused = demographicsErrors(values);
    if (Object.keys(refused).length > 0) {
      announce(FIELD_LABELS.map(([name, label]) => [label, refused[name]]));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await save(inputFrom(values));
      onDone();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'Your details could not be saved.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" ref={formRef} spacing={3} onSubmit={(e) => void onSubmit(e)} noValidate>
      {region}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>{select('race_code', 'Race', coded(lists.races))}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {select('ethnicity_code', 'Ethnicity', coded(lists.ethnicities))}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {select('language_code', t('booking.demographics.language'), coded(lists.languages))}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {select(
            'sex',
            'Sex',
            SEX_OPTIONS.map((sex) => ({ value: sex, label: sex })),
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('booking.demographics.birthDate')}
            required
            placeholder="MM/DD/YYYY"
            {...field('birth_date')}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { inputMode: 'numeric', autoComplete: 'bday', maxLength: 10 },
            }}
          />
        </Grid>
        <Grid size={12}>
          <TextField label={t('booking.demographics.address1')} required {...field('address1')} />
        </Grid>
        <Grid size={12}>
          <TextField label={t('booking.demographics.address2')} {...field('address2')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <TextField label={t('booking.demographics.city')} required {...field('city')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{select('state', 'State', coded(lists.states))}</Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          <TextField
            label={t('booking.demographics.zip')}
            required
            {...field('zip_code')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
          />
        </Grid>
      </Grid>
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {t('booking.demographics.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
