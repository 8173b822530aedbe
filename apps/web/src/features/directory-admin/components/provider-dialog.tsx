import type { DirectoryEntryView } from '@medbook/contracts';
import { Autocomplete, Chip, MenuItem, Stack, TextField } from '@mui/material';
import {
  type ProviderForm,
  providerBodyOf,
  providerErrorsOf,
  providerFormOf,
} from '../directory-forms';
import { useEntryForm } from '../hooks/use-entry-form';
import { EntryDialog } from './entry-dialog';
import { FacilitiesField } from './facilities-field';

const GENDERS = ['Female', 'Male', 'Other', 'Unknown'];

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
      title={entry ? `Edit ${entry.name}` : 'New provider'}
      submitLabel={entry ? 'Save provider' : 'Add provider'}
      pending={pending}
      error={error}
      onClose={onClose}
      onSubmit={() => ready() && onSave(providerBodyOf(form, entry))}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {name('first_name', 'First name')}
        {name('last_name', 'Last name')}
      </Stack>
      <WordsField
        label="Professional suffixes"
        options={suffixes}
        value={form.professional_suffixes}
        error={shown('professional_suffixes')}
        onChange={(words) => set('professional_suffixes', words)}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Provider type"
          size="small"
          fullWidth
          value={form.provider_type}
          onChange={(e) => set('provider_type', e.target.value as ProviderForm['provider_type'])}
          helperText=" "
        >
          <MenuItem value="local">Practice provider</MenuItem>
          <MenuItem value="vendorprovider">Vendor provider</MenuItem>
        </TextField>
        <TextField
          select
          label="Gender (optional)"
          size="small"
          fullWidth
          value={form.gender}
          onChange={(e) => set('gender', e.target.value)}
          helperText=" "
        >
          <MenuItem value="">Not given</MenuItem>
          {GENDERS.map((g) => (
            <MenuItem key={g} value={g}>
              {g}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <WordsField
        label="Specialties"
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
        label="NPI (optional)"
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
