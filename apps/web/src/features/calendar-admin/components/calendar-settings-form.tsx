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
import { translateText, useTranslation } from '../../../shared/i18n';
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

/** The switches, in their order on the form; each is labelled `calendarAdmin.form.flags.<field>`. */
const FLAGS: readonly Flag[] = [
  'accept_reject_enabled',
  'wait_list_enabled',
  'online_booking_disabled',
  'can_check_in',
  'collect_patient_demographics',
  'enable_insurance',
  'enable_insurance_eligibility',
  'is_lab_test',
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
  const { t } = useTranslation();
  const [form, setForm] = useState<CalendarForm>(initial);
  useEffect(() => onChange?.(form), [form, onChange]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors: CalendarFormErrors = validateCalendarForm(form);
  const shown = (field: keyof CalendarForm) => {
    const problem = submitted || touched.has(field) ? errors[field] : undefined;
    return problem === undefined ? undefined : translateText(problem);
  };
  const set = <K extends keyof CalendarForm>(field: K, value: CalendarForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setTouched((before) => new Set(before).add(field));
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
      onBlur={() => setTouched((before) => new Set(before).add(field))}
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
    <Box component="form" noValidate onSubmit={submit} aria-label={t('calendarAdmin.form.label')}>
      <Stack spacing={1}>
        {text('name', t('calendarAdmin.form.name'))}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('time_step', t('calendarAdmin.form.timeStep'), {
            select: true,
            children: CALENDAR_TIME_STEPS.map((step) => (
              <MenuItem key={step} value={String(step)}>
                {t('calendarAdmin.form.minutes', { step })}
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
          {text('booking_capacity', t('calendarAdmin.form.capacity'), {
            slotProps: { htmlInput: { inputMode: 'numeric' } },
          })}
          {text('date_from', t('calendarAdmin.form.firstDate'), {
            type: 'date',
            slotProps: { inputLabel: { shrink: true } },
          })}
          {text('date_to', t('calendarAdmin.form.lastDate'), {
            type: 'date',
            slotProps: { inputLabel: { shrink: true } },
          })}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('minutes_before_showing_slots', t('calendarAdmin.form.minutesBefore'), {
            slotProps: { htmlInput: { inputMode: 'numeric' } },
          })}
          {text('slots_hide_hours', t('calendarAdmin.form.hideSlots'), {
            slotProps: { htmlInput: { inputMode: 'numeric' } },
          })}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('check_in_opens_minutes_before', t('calendarAdmin.form.checkInOpens'), {
            slotProps: { htmlInput: { inputMode: 'numeric' } },
          })}
          {text('check_in_closes_minutes_after', t('calendarAdmin.form.checkInCloses'), {
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
              label={t('calendarAdmin.form.customForms')}
              size="small"
              error={!!shown('custom_form_ids')}
              helperText={shown('custom_form_ids') ?? t('calendarAdmin.form.customFormsHelp')}
            />
          )}
        />
        <Typography variant="subtitle2" component="h3">
          {t('calendarAdmin.form.bookingRules')}
        </Typography>
        <FormGroup>
          {FLAGS.map((field) => (
            <FormControlLabel
              key={field}
              label={t(`calendarAdmin.form.flags.${field}`)}
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
