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
import { useTranslation } from '../../../shared/i18n';
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
  const { t } = useTranslation();
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
      title={
        entry
          ? t('directoryAdmin.editEntry', { name: entry.name })
          : t('directoryAdmin.newEntry.facilities')
      }
      submitLabel={entry ? t('directoryAdmin.facility.save') : t('directoryAdmin.facility.add')}
      pending={pending}
      error={error}
      onClose={onClose}
      onSubmit={() => ready() && onSave(facilityBodyOf(form))}
    >
      {field('name', t('directoryAdmin.facility.name'))}
      <Autocomplete
        options={ZONES}
        value={form.iana_time_zone}
        disableClearable
        disabled={!!entry}
        onChange={(_, zone) => set('iana_time_zone', zone)}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('directoryAdmin.facility.timeZone')}
            size="small"
            error={!!shown('iana_time_zone')}
            helperText={
              shown('iana_time_zone') ?? (entry ? t('directoryAdmin.facility.zoneFixed') : ' ')
            }
          />
        )}
      />
      <FormGroup row>
        <FormControlLabel
          label={t('directoryAdmin.facility.officeVisits')}
          control={
            <Switch
              checked={form.office_visit}
              onChange={(e) => set('office_visit', e.target.checked)}
            />
          }
        />
        <FormControlLabel
          label={t('directoryAdmin.facility.videoVisits')}
          control={
            <Switch
              checked={form.tele_visit}
              onChange={(e) => set('tele_visit', e.target.checked)}
            />
          }
        />
      </FormGroup>
      {field('address1', t('directoryAdmin.facility.address'))}
      {field('address2', t('directoryAdmin.facility.address2'))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('city', t('directoryAdmin.facility.city'))}
        <TextField
          select
          label={t('directoryAdmin.facility.state')}
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
        {field('zip_code', t('directoryAdmin.facility.zip'), {
          slotProps: { htmlInput: { inputMode: 'numeric' } },
        })}
      </Stack>
    </EntryDialog>
  );
}
