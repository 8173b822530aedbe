import { CALENDAR_TIME_STEPS } from '@medbook/contracts';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import {
  type CalendarForm,
  type CalendarFormErrors,
  validateCalendarForm,
} from '../calendar-form-rules';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const HOURS = Array.from({ length: 25 }, (_, h) => h);
const hourLabel = (h: number) =>
  h === 0 || h === 24 ? '12:00 AM' : `${h > 12 ? h - 12 : h}:00 ${h < 12 ? 'AM' : 'PM'}`;

type TextField_ = Exclude<
  keyof CalendarForm,
  | 'working_days'
  | 'online_booking_disabled'
  | 'accept_reject_enabled'
  | 'wait_list_enabled'
  | 'can_check_in'
  | 'collect_patient_demographics'
  | 'enable_insurance'
  | 'enable_insurance_eligibility'
>;
type Flag = Exclude<keyof CalendarForm, TextField_ | 'working_days'>;

const FLAGS: readonly (readonly [Flag, string])[] = [
  ['accept_reject_enabled', 'Requests need accept/reject (bookings wait as Pending)'],
  ['wait_list_enabled', 'Waitlist'],
  ['online_booking_disabled', 'Online booking disabled'],
  ['can_check_in', 'Patients may check in'],
  ['collect_patient_demographics', 'Collect patient demographics'],
  ['enable_insurance', 'Insurance step'],
  ['enable_insurance_eligibility', 'Insurance eligibility check'],
];

export interface CalendarSettingsFormProps {
  readonly initial: CalendarForm;
  readonly submitLabel: string;
  readonly busy?: boolean;
  /** Called with a valid form only. */
  readonly onSubmit: (form: CalendarForm) => void;
}

/**
 * A calendar's settings: hours, time step, capacity, dates, working days, the slot rules and the
 * booking wizard's settings. A field shows its problem once touched, every field after a submit.
 */
export function CalendarSettingsForm({
  initial,
  submitLabel,
  busy = false,
  onSubmit,
}: CalendarSettingsFormProps) {
  const [form, setForm] = useState<CalendarForm>(initial);
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
  const hourSelect = (field: 'first_hour' | 'last_hour', label: string) =>
    text(field, label, {
      select: true,
      children: HOURS.filter((h) => (field === 'first_hour' ? h < 24 : h > 0)).map((h) => (
        <MenuItem key={h} value={String(h)}>
          {hourLabel(h)}
        </MenuItem>
      )),
    });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Calendar settings">
      <Stack spacing={1}>
        {text('name', 'Calendar name')}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {hourSelect('first_hour', 'First hour')}
          {hourSelect('last_hour', 'Last hour')}
          {text('time_step', 'Time step (minutes)', {
            select: true,
            children: CALENDAR_TIME_STEPS.map((step) => (
              <MenuItem key={step} value={String(step)}>
                {step} minutes
              </MenuItem>
            )),
          })}
        </Stack>
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
        <FormControl error={!!shown('working_days')} component="fieldset">
          <FormLabel component="legend">Working days</FormLabel>
          <FormGroup row>
            {WEEKDAYS.map((label, index) => {
              const day = index + 1;
              return (
                <FormControlLabel
                  key={label}
                  label={label}
                  control={
                    <Checkbox
                      checked={form.working_days.includes(day)}
                      onChange={(e) =>
                        set(
                          'working_days',
                          e.target.checked
                            ? [...form.working_days, day].sort()
                            : form.working_days.filter((d) => d !== day),
                        )
                      }
                    />
                  }
                />
              );
            })}
          </FormGroup>
          <FormHelperText>{shown('working_days') ?? ' '}</FormHelperText>
        </FormControl>
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
        {text('custom_form_ids', 'Custom form ids (comma-separated)')}
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
