import type { DirectoryEntryView } from '@medbook/contracts';
import { Autocomplete, Chip, TextField } from '@mui/material';
import { useTranslation } from '../../../shared/i18n';

/** The practice's facilities an entry works at, chosen by name. */
export function FacilitiesField({
  facilities,
  value,
  error,
  onChange,
}: {
  facilities: readonly DirectoryEntryView[];
  value: readonly string[];
  error?: string;
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const name = (id: string) => facilities.find((f) => f.id === id)?.name ?? id;
  return (
    <Autocomplete
      multiple
      options={facilities.map((f) => f.id)}
      value={[...value]}
      onChange={(_, ids) => onChange(ids)}
      getOptionLabel={name}
      filterSelectedOptions
      renderValue={(ids, getItemProps) =>
        ids.map((id, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} label={name(id)} size="small" {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('directoryAdmin.facilities')}
          size="small"
          error={!!error}
          helperText={error ?? ' '}
        />
      )}
    />
  );
}
