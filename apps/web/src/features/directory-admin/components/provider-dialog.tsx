import type { DirectoryEntryView } from '@medbook/contracts';
import { Autocomplete, Chip, MenuItem, Stack, TextField } from '@mui/material';
import {
  type ProviderForm,
  providerBodyOf,
  providerErrorsOf,
  providerFormOf,
} from '../directory-forms';
import { useEntryForm } from '../hooks/use-entry-form';
import { useTranslation } from '../../../shared/i18n';
import { EntryDialog } from './entry-dialog';
import { FacilitiesField } from './facilities-field';

const GENDERS = ['Female', 'Male', 'Other', 'Unknown'] as const;

/** Several words chosen from a list or typed (specialties, suffixes). */
function WordsField({
  label,
  options,
  value,
  error,
  onChange,
}: {
  label: string;
  options: readonly string[];
  value: readonly string[];
  error?: string;
  onChange: (words: string[]) => void;
}) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[...options]}
      value={[...value]}
      onChange={(_, words) => onChange(words.map((w) => w.trim()).filter(Boolean))}
      filterSelectedOptions
      renderValue={(words, getItemProps) =>
        words.map((word, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} label={word} size="small" {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size="small"
          error={!!error}
          helperText={error ?? ' '}
        />
      )}
    />
  );
}

/** A provider registered or edited: names, suffixes, type, gender, specialties, facilities, NPI. */
export function ProviderDialog({
  entry,
  facilities,
  specialties,
  suffixes,
  pending,
  error,
  onClose,
  onSave,
}: {
  entry: DirectoryEntryView | null;
  facilities: readonly DirectoryEntryView[];
  specialties: readonly string[];
  suffixes: readonly string[];
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (body: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  const { form, set, shown, ready } = useEntryForm<ProviderForm>(
    providerFormOf(entry),
    providerErrorsOf,
  );
  const name = (key: 'first_name' | 'last_name', label: string) => (
    <TextField
      label={label}
      size="small"
      fullWidth
      value={form[key]}
      onChange={(e) => set(key, e.target.value)}
      error={!!shown(key)}
      helperText={shown(key) ?? ' '}
    />
  );
  return (
    <EntryDialog
      open
      title={
        entry
          ? t('directoryAdmin.editEntry', { name: entry.name })
          : t('directoryAdmin.newEntry.providers')
      }
      submitLabel={entry ? t('directoryAdmin.provider.save') : t('directoryAdmin.provider.add')}
      pending={pending}
      error={error}
      onClose={onClose}
      onSubmit={() => ready() && onSave(providerBodyOf(form, entry))}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {name('first_name', t('directoryAdmin.provider.firstName'))}
        {name('last_name', t('directoryAdmin.provider.lastName'))}
      </Stack>
      <WordsField
        label={t('directoryAdmin.provider.suffixes')}
        options={suffixes}
        value={form.professional_suffixes}
        error={shown('professional_suffixes')}
        onChange={(words) => set('professional_suffixes', words)}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('directoryAdmin.provider.type')}
          size="small"
          fullWidth
          value={form.provider_type}
          onChange={(e) => set('provider_type', e.target.value as ProviderForm['provider_type'])}
          helperText=" "
        >
          <MenuItem value="local">{t('directoryAdmin.provider.local')}</MenuItem>
          <MenuItem value="vendorprovider">{t('directoryAdmin.provider.vendor')}</MenuItem>
        </TextField>
        <TextField
          select
          label={t('directoryAdmin.provider.gender')}
          size="small"
          fullWidth
          value={form.gender}
          onChange={(e) => set('gender', e.target.value)}
          helperText=" "
        >
          <MenuItem value="">{t('directoryAdmin.provider.notGiven')}</MenuItem>
          {GENDERS.map((g) => (
            <MenuItem key={g} value={g}>
              {t(`directoryAdmin.provider.genders.${g}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <WordsField
        label={t('directoryAdmin.provider.specialties')}
        options={specialties}
        value={form.specialties}
        error={shown('specialties')}
        onChange={(words) => set('specialties', words)}
      />
      <FacilitiesField
        facilities={facilities}
        value={form.facility_ids}
        error={shown('facility_ids')}
        onChange={(ids) => set('facility_ids', ids)}
      />
      <TextField
        label={t('directoryAdmin.provider.npi')}
        size="small"
        value={form.npi}
        onChange={(e) => set('npi', e.target.value)}
        error={!!shown('npi')}
        helperText={shown('npi') ?? ' '}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </EntryDialog>
  );
}
