import {
  type FamilyMemberView,
  nameProblem,
  normalizeName,
  RELATIONSHIPS,
} from '@medbook/contracts';
import {
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import type { BookingPatient } from '../booking-patient';
import { useErrorAnnouncer } from '../../../shared/form-errors';
import { useTranslation } from '../../../shared/i18n';

interface Props {
  readonly family: readonly FamilyMemberView[];
  readonly initial: BookingPatient;
  readonly initialReason: string;
  readonly onNext: (patient: BookingPatient, reason: string) => void;
}

/** BOOKING_FORM: whom the visit is for, and why. */
export function BookingFormStage({ family, initial, initialReason, onNext }: Props) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(
    initial.kind === 'member' ? initial.id : initial.kind === 'new-member' ? 'new' : 'self',
  );
  const [first, setFirst] = useState(initial.kind === 'new-member' ? initial.first_name : '');
  const [last, setLast] = useState(initial.kind === 'new-member' ? initial.last_name : '');
  const [relationship, setRelationship] = useState(
    initial.kind === 'new-member' ? initial.relationship : 'Child',
  );
  const [reason, setReason] = useState(initialReason);
  const [submitted, setSubmitted] = useState(false);
  const { formRef, announce, region } = useErrorAnnouncer();
  // The one name rule of sign-up and the API (libs/contracts person-rules): letters of any
  // script, spaces and apostrophes, after NFC and trimming, at least 2 letters.
  const error = (value: string): string | undefined =>
    submitted ? (nameProblem(value) ?? undefined) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (choice === 'self') return onNext({ kind: 'self' }, reason);
    if (choice === 'new') {
      if (nameProblem(first) || nameProblem(last)) {
        announce([
          [t('booking.form.firstName'), nameProblem(first)],
          [t('booking.form.lastName'), nameProblem(last)],
        ]);
        return;
      }
      return onNext(
        {
          kind: 'new-member',
          first_name: normalizeName(first),
          last_name: normalizeName(last),
          relationship,
        },
        reason,
      );
    }
    const member = family.find((m) => m.id === choice);
    if (member) onNext({ kind: 'member', id: member.id, name: member.full_name }, reason);
  };

  return (
    <Stack
      component="form"
      ref={formRef}
      spacing={3}
      onSubmit={submit}
      noValidate
      aria-label={t('booking.form.label')}
    >
      {region}
      <FormControl>
        <FormLabel id="for-whom-label">{t('booking.form.forWhom')}</FormLabel>
        <RadioGroup
          aria-labelledby="for-whom-label"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          <FormControlLabel value="self" control={<Radio />} label={t('booking.form.myself')} />
          {family.map((member) => (
            <FormControlLabel
              key={member.id}
              value={member.id}
              control={<Radio />}
              label={`${member.full_name} (${member.relationship})`}
            />
          ))}
          <FormControlLabel value="new" control={<Radio />} label={t('booking.form.someoneElse')} />
        </RadioGroup>
      </FormControl>
      {choice === 'new' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('booking.form.firstName')}
            value={first}
            onChange={(event) => setFirst(event.target.value)}
            error={!!error(first)}
            helperText={error(first)}
            required
            fullWidth
          />
          <TextField
            label={t('booking.form.lastName')}
            value={last}
            onChange={(event) => setLast(event.target.value)}
            error={!!error(last)}
            helperText={error(last)}
            required
            fullWidth
          />
          <TextField
            select
            label={t('booking.form.relationship')}
            value={relationship}
            onChange={(event) => setRelationship(event.target.value)}
            sx={{ minWidth: 160 }}
          >
            {RELATIONSHIPS.map((value) => (
              <MenuItem key={value} value={value}>
                {value}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
      <TextField
        label={t('booking.form.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        multiline
        minRows={2}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="large">
          {t('booking.continue')}
        </Button>
      </Stack>
    </Stack>
  );
}
