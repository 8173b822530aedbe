import type { DirectoryEntryView } from '@medbook/contracts';
import { MenuItem, TextField } from '@mui/material';
import {
  type ResourceForm,
  resourceBodyOf,
  resourceErrorsOf,
  resourceFormOf,
} from '../directory-forms';
import { useEntryForm } from '../hooks/use-entry-form';
import { useTranslation } from '../../../shared/i18n';
import { EntryDialog } from './entry-dialog';
import { FacilitiesField } from './facilities-field';

/** A resource (room, lab, equipment) registered or edited: name, kind and facilities. */
export function ResourceDialog({
  entry,
  facilities,
  pending,
  error,
  onClose,
  onSave,
}: {
  entry: DirectoryEntryView | null;
  facilities: readonly DirectoryEntryView[];
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (body: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  const { form, set, shown, ready } = useEntryForm<ResourceForm>(
    resourceFormOf(entry),
    resourceErrorsOf,
  );
  return (
    <EntryDialog
      open
      title={
        entry
          ? t('directoryAdmin.editEntry', { name: entry.name })
          : t('directoryAdmin.newEntry.resources')
      }
      submitLabel={entry ? t('directoryAdmin.resource.save') : t('directoryAdmin.resource.add')}
      pending={pending}
      error={error}
      onClose={onClose}
      onSubmit={() => ready() && onSave(resourceBodyOf(form))}
    >
      <TextField
        label={t('directoryAdmin.resource.name')}
        size="small"
        value={form.name}
        onChange={(e) => set('name', e.target.value)}
        error={!!shown('name')}
        helperText={shown('name') ?? ' '}
      />
      <TextField
        select
        label={t('directoryAdmin.resource.kind')}
        size="small"
        value={form.kind}
        onChange={(e) => set('kind', e.target.value as ResourceForm['kind'])}
      >
        {(['Room', 'Lab', 'Equipment'] as const).map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(`directoryAdmin.resource.kinds.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      <FacilitiesField
        facilities={facilities}
        value={form.facility_ids}
        error={shown('facility_ids')}
        onChange={(ids) => set('facility_ids', ids)}
      />
    </EntryDialog>
  );
}
