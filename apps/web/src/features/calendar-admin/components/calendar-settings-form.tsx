import { CALENDAR_TIME_STEPS, type CustomFormView } from '@medbook/contracts';
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  FormControlLabel,
  FormGroup,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import {
  type CalendarForm,
  type CalendarFormErrors,
  validateCalendarForm,
} from '../calendar-form-rules';
import { WeeklyHoursEditor } from './weekly-hours-editor';

type TextField_ = Exclude<
  keyof CalendarForm,
  | 'weekly_hours'
  | 'custom_form_ids'
  | 'online_booking_disabled'
  | 'accept_reject_enabled'
  | 'wait_list_enabled'
  | 'can_check_in'
  | 'collect_patient_demographics'
  | 'enable_insurance'
  | 'enable_insurance_eligibility'
  | 'is_lab_test'
>;
type Flag = Exclude<keyof CalendarForm, TextField_ | 'weekly_hours' | 'custom_form_ids'>;

const FLAGS: readonly (readonly [Flag, string])[] = [
  ['accept_reject_enabled', 'Requests need accept/reject (bookings wait as Pending)'],
  ['wait_list_enabled', 'Waitlist'],
  ['online_booking_disabled', 'Online booking disabled'],
  ['can_check_in', 'Patients may check in'],
  ['collect_patient_demographics', 'Collect patient demographics'],
  ['enable_insurance', 'Insurance step'],
  ['enable_insurance_eligibility', 'Insurance eligibility check'],
  ['is_lab_test', 'Lab test (bookings are lab-test appointments)'],
];

export interface CalendarSettingsFormProps {
  readonly initial: CalendarForm;
  readonly submitLabel: string;
  readonly busy?: boolean;
  /** The practice's custom forms to choose from. */
  readonly customForms: readonly CustomFormView[];
  /** Called with a valid form only. */
  readonly onSubmit: (form: CalendarForm) => void;
  /** Every edit, valid or not (the week preview follows it). */
  readonly onChange?: (form: CalendarForm) => void;
  /** Shown after the opening hours (the week preview). */
  readonly hoursAside?: ReactNode;
}

/**
 * A calendar's settings: opening hours per weekday, time step, capacity, dates, the slot rules
 * and the booking wizard's settings. A field shows its problem once touched, every field after a
 * submit.
 */
export function CalendarSettingsForm({
  initial,
  submitLabel,
  busy = false,
  customForms,
  onSubmit,
  onChange,
  hoursAside,
}: CalendarSettingsFormProps) {
  const [form, setForm] = useState<CalendarForm>(initial);
  useEffect(() => onChange?.(form), [form, onChange]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors: CalendarFormErrors = validateCalendarForm(form);
  const shown = (field: keyof CalendarForm) =>
    submitted || touched.has(field) ? errors[field] : undefined;
  const set = <K extends keyof CalendarForm>(field: K, value: CalendarForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setTouched((t) => new Set(t).add(field));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length === 0) onSubmit(form);
  };

  const text = (field: TextField_, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={form[field]}
      onChange={(e) => set(field, e.target.value)}
      onBlur={() => setTouched((t) => new Set(t).add(field))}
      error={!!shown(field)}
      helperText={shown(field) ?? ' '}
      size="small"
      fullWidth
      {...props}
    />
  );
  const formTitle = (id: string) => customForms.find((f) => f.id === id)?.title ?? id;
  const formOptions = [
    ...customForms.map((f) => f.id),
    ...form.custom_form_ids.filter((id) => !customForms.some((f) => f.id === id)),
  ];

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Calendar settings">
      <Stack spacing={1}>
        {text('name', 'Calendar name')}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('time_step', 'Time step (minutes)', {
            select: true,
            children: CALENDAR_TIME_STEPS.map((step) => (
              <MenuItem key={step} value={String(step)}>
                {step} minutes
              </MenuItem>
            )),
          })}
        </Stack>
        <WeeklyHoursEditor
          days={form.weekly_hours}
          problems={submitted || touched.has('weekly_hours') ? (errors.days ?? {}) : {}}
          problem={
            (submitted || touched.has('weekly_hours')) && !errors.days
              ? errors.weekly_hours
              : undefined
          }
          onChange={(days) => set('weekly_hours', days)}
        />
        {hoursAside}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('booking_capacity', 'Capacity per slot', {
            slotProps: { htmlInput: { inputMode: 'numeric' } },
          })}
          {text('date_from', 'First date', {
            type: 'date',
            slotProps: { inputLabel: { shrink: true } },
          })}
          {text('date_to', 'Last date (optional)', {
            type: 'date',
            slotProps: { inputLabel: { shrink: true } },
          })}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('minutes_before_showing_slots', 'Minutes before showing slots', {
            slotProps: { htmlInput: { inputMode: 'numeric' } },
          })}
          {text('slots_hide_hours', 'Hide slots for the next (hours)', {
            slotProps: { htmlInput: { inputMode: 'numeric' } },
          })}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('check_in_opens_minutes_before', 'Check-in opens (minutes before the start)', {
            slotProps: { htmlInput: { inputMode: 'numeric' } },
          })}
          {text('check_in_closes_minutes_after', 'Check-in closes (minutes after the start)', {
            slotProps: { htmlInput: { inputMode: 'numeric' } },
          })}
        </Stack>
        <Autocomplete
          multiple
          options={formOptions}
          value={[...form.custom_form_ids]}
          onChange={(_, ids) => set('custom_form_ids', ids)}
          getOptionLabel={formTitle}
          filterSelectedOptions
          renderValue={(ids, getItemProps) =>
            ids.map((id, index) => {
              const { key, ...props } = getItemProps({ index });
              return <Chip key={key} label={formTitle(id)} size="small" {...props} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label="Custom forms"
              size="small"
              error={!!shown('custom_form_ids')}
              helperText={shown('custom_form_ids') ?? 'Patients fill these in when they book.'}
            />
          )}
        />
        <Typography variant="subtitle2" component="h3">
          Booking rules
        </Typography>
        <FormGroup>
          {FLAGS.map(([field, label]) => (
            <FormControlLabel
              key={field}
              label={label}
              control={
                <Switch checked={form[field]} onChange={(e) => set(field, e.target.checked)} />
              }
            />
          ))}
        </FormGroup>
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
