import {
  DATE_MESSAGES,
  isoToUsDate,
  normalizeName,
  PATIENT_DETAILS_MESSAGES,
  type PatientDetailsView,
  pastDateProblem,
  RELATIONSHIPS,
  UpdatePatientDto,
  usDateToIso,
} from '@medbook/contracts';
import { Alert, Box, Button, Grid, MenuItem, Stack, TextField } from '@mui/material';
import { DateTime } from 'luxon';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '../api-client';
import { errorMessageOf } from '../error-message';
import { fieldErrors } from '../field-errors';
import { useErrorAnnouncer } from '../form-errors';
import { newCommandId } from '../command-id';
import { translateText, useTranslation } from '../i18n';
import { patientDetailsApi, type PatientDetailsSaved } from './patient-details-api';

export type PatientKind = PatientDetailsView['kind'];

/** What the form holds: every field as typed (the birth date as MM/DD/YYYY). */
export interface PatientDetailsValues {
  first_name: string;
  middle_name: string;
  last_name: string;
  birth_date: string;
  gender: string;
  mobile_number: string;
  zip_code: string;
  relationship: string;
}

type Field = keyof PatientDetailsValues;

export const GENDERS = ['Female', 'Male', 'Other', 'Unknown'] as const;

/** How the birth date is named in the spec's 'The {field} should be a date earlier than today.' */
const BIRTH_DATE_FIELD = 'date of birth';

/** The fields each kind of patient shows, in the form's order. */
export function fieldsOf(kind: PatientKind): readonly Field[] {
  const person: Field[] = ['first_name', 'middle_name', 'last_name', 'birth_date', 'gender'];
  return kind === 'account'
    ? [...person, 'mobile_number', 'zip_code']
    : [...person, 'relationship'];
}

export function valuesFrom(view: PatientDetailsView): PatientDetailsValues {
  return {
    first_name: view.first_name,
    middle_name: view.middle_name ?? '',
    last_name: view.last_name,
    birth_date: isoToUsDate(view.birth_date),
    gender: view.gender ?? '',
    mobile_number: view.mobile_number ?? '',
    zip_code: view.zip_code ?? '',
    relationship: view.relationship ?? '',
  };
}

/**
 * The body of `PUT /patients/{id}`: PUT replaces, so every field the form shows is sent, an
 * empty optional one by being left out (the API clears it). A family member has no mobile
 * number or zip code of their own; an account has no relationship.
 */
export function payloadFrom(
  values: PatientDetailsValues,
  kind: PatientKind,
  commandId?: string,
): UpdatePatientDto {
  const text = (value: string) => value.trim();
  const optional = <K extends string>(key: K, value: string) =>
    (value ? { [key]: value } : {}) as Partial<Record<K, string>>;
  return {
    first_name: normalizeName(values.first_name),
    last_name: normalizeName(values.last_name),
    ...optional('middle_name', normalizeName(values.middle_name)),
    // Sent once it reads as a real MM/DD/YYYY day (the check below refuses anything else).
    ...optional('birth_date', usDateToIso(values.birth_date) ?? text(values.birth_date)),
    ...optional('gender', values.gender),
    ...(kind === 'account'
      ? {
          ...optional('mobile_number', text(values.mobile_number)),
          ...optional('zip_code', text(values.zip_code)),
        }
      : optional('relationship', values.relationship)),
    ...(commandId ? { command_id: commandId } : {}),
  };
}

/**
 * The API's own rules (UpdatePatientDto: the shared person rules of libs/contracts), with the
 * birth date checked against the user's own today rather than the API's latest one.
 */
export function detailsErrors(
  values: PatientDetailsValues,
  kind: PatientKind,
  today: DateTime = DateTime.now(),
): Partial<Record<Field, string>> {
  const { birth_date: _date, ...rest } = payloadFrom(values, kind);
  const errors: Partial<Record<Field, string>> = fieldErrors(UpdatePatientDto, rest);
  const typed = values.birth_date.trim();
  if (typed) {
    const iso = usDateToIso(typed);
    const problem = iso
      ? pastDateProblem(iso, BIRTH_DATE_FIELD, today.toISODate() ?? undefined)
      : DATE_MESSAGES.invalidDate;
    if (problem) errors.birth_date = problem;
  }
  return errors;
}

/** The label keys of the fields (patientDetails.*). */
const LABEL_KEYS = {
  first_name: 'patientDetails.firstName',
  middle_name: 'patientDetails.middleName',
  last_name: 'patientDetails.lastName',
  birth_date: 'patientDetails.birthDate',
  gender: 'patientDetails.gender',
  mobile_number: 'patientDetails.mobileNumber',
  zip_code: 'patientDetails.zipCode',
  relationship: 'patientDetails.relationship',
} as const satisfies Record<Field, string>;

/** What went wrong with the last save, as the API said it. */
interface Failure {
  readonly message: string;
  readonly details: readonly string[];
}

function failureOf(cause: unknown): Failure {
  const errors = cause instanceof ApiError ? (cause.data as { errors?: unknown } | null) : null;
  const details = Array.isArray(errors?.errors)
    ? errors.errors.filter((e): e is string => typeof e === 'string')
    : [];
  return { message: errorMessageOf(cause), details: [...new Set(details)] };
}

/**
 * A patient's details (names, date of birth, gender; an account's mobile number and zip code, a
 * family member's relationship), checked with the API's rules and saved with `PUT
 * /patients/{id}`. Used on the patient's Settings and in the dialogs of the family list and the
 * front desk.
 */
export function PatientDetailsForm(props: {
  readonly patient: PatientDetailsView;
  /** Prefix of the fields' ids and test ids: `${idPrefix}-first_name`, … */
  readonly idPrefix: string;
  readonly onSaved: (saved: PatientDetailsSaved, body: UpdatePatientDto) => void;
  /** Shown as a Cancel button next to Save (in a dialog). */
  readonly onCancel?: () => void;
  /** Focus the first field when the form appears (in a dialog). */
  readonly autoFocus?: boolean;
  /** Show the API's success message under the form (when it stays on screen). */
  readonly showSuccess?: boolean;
}) {
  const { t } = useTranslation();
  const { patient, idPrefix } = props;
  const kind = patient.kind;
  const [values, setValues] = useState<PatientDetailsValues>(() => valuesFrom(patient));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [saved, setSaved] = useState(false);
  // One command id per change: a double submit or a retry after a lost answer saves once.
  const commandId = useRef(newCommandId());
  const { formRef, announce, region } = useErrorAnnouncer();
  const fields = fieldsOf(kind);
  const errors = submitted ? detailsErrors(values, kind) : {};
  const hasErrors = fields.some((f) => errors[f]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSaved(false);
    setFailure(null);
    const found = detailsErrors(values, kind);
    if (fields.some((f) => found[f])) {
      announce(fields.map((f) => [t(LABEL_KEYS[f]), found[f] && translateText(found[f])]));
      return;
    }
    const body = payloadFrom(values, kind, commandId.current);
    setBusy(true);
    try {
      const result = await patientDetailsApi.save(patient.id, body);
      commandId.current = newCommandId();
      setSubmitted(false);
      setSaved(true);
      props.onSaved(result, body);
    } catch (cause) {
      // The API answered: the next attempt is a new change. A lost answer keeps the id.
      if (cause instanceof ApiError) commandId.current = newCommandId();
      setFailure(failureOf(cause));
    } finally {
      setBusy(false);
    }
  };

  const change = (name: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setSaved(false);
  };
  const field = (name: Field) => ({
    id: `${idPrefix}-${name}`,
    label: t(LABEL_KEYS[name]),
    value: values[name],
    onChange: change(name),
    error: !!errors[name],
    fullWidth: true,
  });
  const helper = (name: Field, hint?: string) =>
    errors[name] ? translateText(errors[name]) : hint;
  const input = (name: Field, extra: Record<string, unknown> = {}) => ({
    htmlInput: { 'data-testid': `${idPrefix}-${name}`, ...extra },
  });

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      onSubmit={(e: FormEvent) => void submit(e)}
      aria-labelledby={`${idPrefix}-title`}
      data-testid={`${idPrefix}-form`}
    >
      {region}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...field('first_name')}
            required
            autoFocus={props.autoFocus}
            autoComplete={kind === 'account' ? 'given-name' : 'off'}
            helperText={helper('first_name')}
            slotProps={input('first_name')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...field('middle_name')}
            autoComplete={kind === 'account' ? 'additional-name' : 'off'}
            helperText={helper('middle_name')}
            slotProps={input('middle_name')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...field('last_name')}
            required
            autoComplete={kind === 'account' ? 'family-name' : 'off'}
            helperText={helper('last_name')}
            slotProps={input('last_name')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...field('birth_date')}
            // The format as the field's description (read with the label), not a placeholder.
            helperText={helper('birth_date', t('patientDetails.birthDateHelp'))}
            slotProps={input('birth_date', {
              inputMode: 'numeric',
              autoComplete: kind === 'account' ? 'bday' : 'off',
              maxLength: 10,
            })}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...field('gender')}
            select
            helperText={helper('gender')}
            slotProps={{
              inputLabel: { shrink: true },
              select: {
                displayEmpty: true,
                SelectDisplayProps: { 'data-testid': `${idPrefix}-gender` } as object,
              },
            }}
          >
            <MenuItem value="">
              <em>{t('patientDetails.genderNone')}</em>
            </MenuItem>
            {GENDERS.map((gender) => (
              <MenuItem key={gender} value={gender}>
                {t(`patientDetails.genders.${gender}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        {kind === 'account' ? (
          <>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...field('mobile_number')}
                type="tel"
                autoComplete="tel"
                helperText={helper('mobile_number')}
                slotProps={input('mobile_number')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...field('zip_code')}
                autoComplete="postal-code"
                helperText={helper('zip_code')}
                slotProps={input('zip_code', { inputMode: 'numeric', maxLength: 9 })}
              />
            </Grid>
          </>
        ) : (
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...field('relationship')}
              select
              helperText={helper('relationship')}
              slotProps={{
                select: {
                  SelectDisplayProps: { 'data-testid': `${idPrefix}-relationship` } as object,
                },
              }}
            >
              {RELATIONSHIPS.map((relationship) => (
                <MenuItem key={relationship} value={relationship}>
                  {t(`patientDetails.relationships.${relationship}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
        )}
      </Grid>
      <Stack spacing={2} sx={{ mt: 2 }}>
        {hasErrors && (
          // The live region above announces the errors; this is the summary on screen.
          <Alert severity="error" role="note" data-testid={`${idPrefix}-invalid`}>
            {t('patientDetails.checkFields')}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" data-testid={`${idPrefix}-error`}>
            {translateText(failure.message)}
            {failure.details.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {failure.details.map((detail) => (
                  <li key={detail}>{translateText(detail)}</li>
                ))}
              </Box>
            )}
          </Alert>
        )}
        {props.showSuccess && (
          <Box role="status" aria-live="polite">
            {saved && (
              <Alert severity="success" data-testid={`${idPrefix}-saved`}>
                {translateText(PATIENT_DETAILS_MESSAGES.saved)}
              </Alert>
            )}
          </Box>
        )}
        {/* In a dialog, Cancel and Save at the end; on a page, Save where the fields start. */}
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: props.onCancel ? 'flex-end' : 'flex-start' }}
        >
          {props.onCancel && (
            <Button onClick={props.onCancel} data-testid={`${idPrefix}-cancel`}>
              {t('patientDetails.cancel')}
            </Button>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            data-testid={`${idPrefix}-save`}
          >
            {busy ? t('patientDetails.saving') : t('patientDetails.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
