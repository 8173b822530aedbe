import type { DirectoryEntryView } from '@medbook/contracts';
import { MenuItem, TextField } from '@mui/material';
import {
  type ResourceForm,
  resourceBodyOf,
  resourceErrorsOf,
  resourceFormOf,
} from '../directory-forms';
import { useEntryForm } from '../hooks/use-entry-form';
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
  const { form, set, shown, ready } = useEntryForm<ResourceForm>(
    resourceFormOf(entry),
    resourceErrorsOf,
  );
  return (
    <EntryDialog
      open
      title={entry ? `Edit ${entry.name}` : 'New resource'}
      submitLabel={entry ? 'Save resource' : 'Add resource'}
      pending={pending}
      error={error}
      onClose={onClose}
      onSubmit={() => ready() && onSave(resourceBodyOf(form))}
    >
      <TextField
        label="Resource name"
        size="small"
        value={form.name}
        onChange={(e) => set('name', e.target.value)}
        error={!!shown('name')}
        helperText={shown('name') ?? ' '}
      />
      <TextField
        select
        label="Kind"
        size="small"
        value={form.kind}
        onChange={(e) => set('kind', e.target.value as ResourceForm['kind'])}
      >
        {(['Room', 'Lab', 'Equipment'] as const).map((kind) => (
          <MenuItem key={kind} value={kind}>
            {kind}
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
