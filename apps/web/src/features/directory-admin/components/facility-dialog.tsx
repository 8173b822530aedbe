import type { CodedItem, DirectoryEntryView } from '@medbook/contracts';
import {
  Autocomplete,
  FormControlLabel,
  FormGroup,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import {
  type FacilityForm,
  facilityBodyOf,
  facilityErrorsOf,
  facilityFormOf,
} from '../directory-forms';
import { useEntryForm } from '../hooks/use-entry-form';
import { EntryDialog } from './entry-dialog';

const ZONES = Intl.supportedValuesOf('timeZone');
const HERE = Intl.DateTimeFormat().resolvedOptions().timeZone;

type TextKey = 'name' | 'address1' | 'address2' | 'city' | 'zip_code';

/** A facility registered or edited: name, time zone (fixed once registered), visits, address. */
export function FacilityDialog({
  entry,
  states,
  pending,
  error,
  onClose,
  onSave,
}: {
  /** The facility edited; null registers a new one. */
  entry: DirectoryEntryView | null;
  states: readonly CodedItem[];
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (body: Record<string, unknown>) => void;
}) {
  const { form, set, shown, ready } = useEntryForm<FacilityForm>(
    facilityFormOf(entry, HERE),
    facilityErrorsOf,
  );
  const field = (key: TextKey, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      size="small"
      fullWidth
      value={form[key]}
      onChange={(e) => set(key, e.target.value)}
      error={!!shown(key)}
      helperText={shown(key) ?? ' '}
      {...extra}
    />
  );
  return (
    <EntryDialog
      open
      title={entry ? `Edit ${entry.name}` : 'New facility'}
      submitLabel={entry ? 'Save facility' : 'Add facility'}
      pending={pending}
      error={error}
      onClose={onClose}
      onSubmit={() => ready() && onSave(facilityBodyOf(form))}
    >
      {field('name', 'Facility name')}
      <Autocomplete
        options={ZONES}
        value={form.iana_time_zone}
        disableClearable
        disabled={!!entry}
        onChange={(_, zone) => set('iana_time_zone', zone)}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Time zone"
            size="small"
            error={!!shown('iana_time_zone')}
            helperText={
              shown('iana_time_zone') ??
              (entry ? "Set when registered: its calendars' hours are in it." : ' ')
            }
          />
        )}
      />
      <FormGroup row>
        <FormControlLabel
          label="Office visits"
          control={
            <Switch
              checked={form.office_visit}
              onChange={(e) => set('office_visit', e.target.checked)}
            />
          }
        />
        <FormControlLabel
          label="Video visits"
          control={
            <Switch
              checked={form.tele_visit}
              onChange={(e) => set('tele_visit', e.target.checked)}
            />
          }
        />
      </FormGroup>
      {field('address1', 'Address')}
      {field('address2', 'Address line 2 (optional)')}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('city', 'City')}
        <TextField
          select
          label="State"
          size="small"
          fullWidth
          value={states.length ? form.state : ''}
          onChange={(e) => set('state', e.target.value)}
          error={!!shown('state')}
          helperText={shown('state') ?? ' '}
        >
          {states.map((s) => (
            <MenuItem key={s.code} value={s.code}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        {field('zip_code', 'Zip code', { slotProps: { htmlInput: { inputMode: 'numeric' } } })}
      </Stack>
    </EntryDialog>
  );
}
