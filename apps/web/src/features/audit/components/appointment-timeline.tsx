import type { AuditEntryView } from '@medbook/contracts';
import HistoryIcon from '@mui/icons-material/History';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from '@mui/material';
import { useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { auditApi } from '../api/audit-api';
import { AuditEntry } from './audit-entry';
import { useTranslation } from '../../../shared/i18n';

/** An appointment's timeline, oldest first, in a dialog opened from its card or row. */
export function AppointmentTimelineButton(props: { appointmentId: string; label?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [entries, setEntries] = useState<AuditEntryView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = async () => {
    setOpen(true);
    setEntries(null);
    setError(null);
    try {
      setEntries([...(await auditApi.history(props.appointmentId))].reverse());
    } catch (cause) {
      setError(errorMessageOf(cause));
    }
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<HistoryIcon />}
        onClick={() => void show()}
        aria-label={props.label ?? t('visits.history')}
        data-testid="appointment-history"
      >
        {t('visits.history')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('visits.historyTitle')}</DialogTitle>
        <DialogContent dividers>
          {error && <Alert severity="error">{error}</Alert>}
          {!entries && !error && <CircularProgress aria-label={t('visits.loadingHistory')} />}
          {entries && (
            <Box component="ol" sx={{ m: 0, p: 0 }} data-testid="timeline">
              {entries.map((entry) => (
                <AuditEntry key={entry.position} entry={entry} />
              ))}
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('visits.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
