import type { CodedItem, DirectoryEntryView } from '@medbook/contracts';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { type DirectoryKind, directoryAdminApi } from '../api/directory-admin-api';
import { entrySummary } from '../directory-forms';
import { FacilityDialog } from './facility-dialog';
import { ProviderDialog } from './provider-dialog';
import { ResourceDialog } from './resource-dialog';
import { newCommandId } from '../../../shared/command-id';

const TABS: readonly DirectoryKind[] = ['facilities', 'providers', 'resources'];

type Lists = Record<DirectoryKind, DirectoryEntryView[]>;
/** The dialog open: a new entry of a kind, or one being edited. */
type Editing = { kind: DirectoryKind; entry: DirectoryEntryView | null } | null;

/**
 * /practice-admin/directory: the practice's facilities, providers and resources, registered and
 * edited in dialogs with the directory API's own checks.
 */
export function DirectoryAdminPage({ practiceId }: { practiceId: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<DirectoryKind>('facilities');
  const [lists, setLists] = useState<Lists | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [states, setStates] = useState<CodedItem[]>([]);
  const [specialties, setSpecialties] = useState<string[]>([]);
  const [suffixes, setSuffixes] = useState<string[]>([]);

  const load = useCallback(
    (position: number | null = null) =>
      Promise.all(TABS.map((kind) => directoryAdminApi.list(practiceId, kind, position))).then(
        ([facilities, providers, resources]) =>
          setLists({ facilities: facilities!, providers: providers!, resources: resources! }),
        (cause: unknown) => toast.error(errorMessageOf(cause)),
      ),
    [practiceId],
  );
  useEffect(() => {
    void load();
    // Reference lists are helpers for typing: the form works without them.
    directoryAdminApi.states().then(setStates, () => undefined);
    directoryAdminApi.specialties().then(
      (s) => setSpecialties(s.map((x) => x.name)),
      () => undefined,
    );
    directoryAdminApi.suffixes().then(
      (s) => setSuffixes(s.map((x) => x.name)),
      () => undefined,
    );
  }, [load]);

  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = (next: Editing) => {
    setError(null);
    setEditing(next);
  };
  const onSave = async (body: Record<string, unknown>) => {
    if (!editing) return;
    setPending(true);
    try {
      const { position } = editing.entry
        ? await directoryAdminApi.change(practiceId, editing.kind, editing.entry.id, body)
        : await directoryAdminApi.register(practiceId, editing.kind, {
            ...body,
            command_id: newCommandId(),
          });
      toast.success(editing.entry ? t('directoryAdmin.saved') : t('directoryAdmin.added'));
      setEditing(null);
      await load(position);
    } catch (cause) {
      setError(errorMessageOf(cause));
    } finally {
      setPending(false);
    }
  };

  const facilities = useMemo(() => lists?.facilities ?? [], [lists]);
  const facilityNames = useMemo(
    () => new Map(facilities.map((f) => [f.id, f.name] as const)),
    [facilities],
  );
  const entries = lists?.[tab] ?? [];
  const dialogProps = {
    pending,
    error: error === null ? null : translateText(error),
    onClose: () => setEditing(null),
    onSave: (body: Record<string, unknown>) => void onSave(body),
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 3 }, maxWidth: 1000, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('directoryAdmin.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('directoryAdmin.intro')}
      </Typography>
      <Paper>
        <Tabs
          value={tab}
          onChange={(_, kind: DirectoryKind) => setTab(kind)}
          variant="fullWidth"
          aria-label={t('directoryAdmin.title')}
        >
          {TABS.map((kind) => (
            <Tab
              key={kind}
              value={kind}
              label={`${t(`directoryAdmin.tabs.${kind}`)}${lists ? ` (${lists[kind].length})` : ''}`}
              id={`tab-${kind}`}
              aria-controls={`panel-${kind}`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} sx={{ p: 2 }}>
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => open({ kind: tab, entry: null })}
            >
              {t(`directoryAdmin.newEntry.${tab}`)}
            </Button>
          </Stack>
          <List aria-label={t(`directoryAdmin.tabs.${tab}`)}>
            {lists && entries.length === 0 && (
              <ListItem>
                <ListItemText primary={t(`directoryAdmin.empty.${tab}`)} />
              </ListItem>
            )}
            {entries.map((entry) => (
              <ListItem
                key={entry.id}
                divider
                secondaryAction={
                  <Button
                    size="small"
                    startIcon={<EditIcon />}
                    aria-label={t('directoryAdmin.editEntry', { name: entry.name })}
                    onClick={() => open({ kind: tab, entry })}
                  >
                    {t('directoryAdmin.edit')}
                  </Button>
                }
                sx={{ pr: 12 }}
              >
                <ListItemText
                  primary={entry.name}
                  secondary={entrySummary(entry, facilityNames, t)}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      </Paper>
      {editing?.kind === 'facilities' && (
        <FacilityDialog entry={editing.entry} states={states} {...dialogProps} />
      )}
      {editing?.kind === 'providers' && (
        <ProviderDialog
          entry={editing.entry}
          facilities={facilities}
          specialties={specialties}
          suffixes={suffixes}
          {...dialogProps}
        />
      )}
      {editing?.kind === 'resources' && (
        <ResourceDialog entry={editing.entry} facilities={facilities} {...dialogProps} />
      )}
    </Box>
  );
}
