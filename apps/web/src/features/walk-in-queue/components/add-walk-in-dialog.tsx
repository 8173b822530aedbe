import type { CalendarView, PracticePatientView } from '@medbook/contracts';
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { PatientFinder } from '../../../shared/front-desk/patient-finder';
import { patientDetails, patientName } from '../../../shared/front-desk/patient-text';
import {
  NO_REASON,
  reasonText,
  VisitReasonFields,
} from '../../../shared/front-desk/visit-reason-fields';
import { toast } from '../../../shared/toast';
import { useCommand } from '../../../shared/use-command';
import { walkInQueueApi } from '../api/walk-in-queue-api';
import { newCommandId } from '../../../shared/command-id';

/**
 * Calendars a walk-in can join: a provider's or a resource's (a lab, an X-ray room), open to
 * bookings; a provider's own board offers only theirs.
 */
export const walkInCalendars = (
  calendars: readonly CalendarView[],
  providerId?: string,
): CalendarView[] =>
  calendars.filter(
    (c) =>
      (c.provider_id !== null || c.resource_id !== null) &&
      !c.online_booking_disabled &&
      (providerId === undefined || c.provider_id === providerId),
  );

/**
 * "Add walk-in": the desk finds the patient (or registers them), gives the reason and, when the
 * practice has several, the provider's or resource's calendar; the walk-in joins that queue.
 */
export function AddWalkInDialog(props: {
  open: boolean;
  practiceId: string;
  providerId?: string;
  onClose: () => void;
  onAdded: (position: number) => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [calendars, setCalendars] = useState<CalendarView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [patient, setPatient] = useState<PracticePatientView | null>(null);
  const [calendarId, setCalendarId] = useState('');
  const [reason, setReason] = useState(NO_REASON);
  const commandId = useRef(newCommandId());
  const add = useCommand(walkInQueueApi.addWalkIn);
  const { practiceId, providerId } = props;
  const { t } = useTranslation();

  useEffect(() => {
    if (!props.open) return;
    let live = true;
    walkInQueueApi.calendars(practiceId).then(
      (all) => {
        if (!live) return;
        const open = walkInCalendars(all, providerId);
        setCalendars(open);
        setCalendarId((current) => current || (open[0]?.calendar_id ?? ''));
      },
      (cause: unknown) => live && setLoadError(errorMessageOf(cause)),
    );
    return () => {
      live = false;
    };
  }, [props.open, practiceId, providerId]);

  const calendar = calendars?.find((c) => c.calendar_id === calendarId) ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!patient || !calendar) return;
    const text = reasonText(reason);
    const outcome = await add.run({
      calendar_id: calendar.calendar_id,
      patient_id: patient.patient_id,
      ...(text ? { reason: text } : {}),
      command_id: commandId.current,
    });
    if (!outcome.ok) return;
    toast.success(
      t('walkIn.dialog.added', { patient: patientName(patient), calendar: calendar.name }),
    );
    props.onAdded(outcome.result.position);
  };

  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="add-walk-in-title"
    >
      <DialogTitle id="add-walk-in-title">{t('walkIn.addWalkIn')}</DialogTitle>
      <DialogContent>
        {loadError && <Alert severity="error">{translateText(loadError)}</Alert>}
        {!calendars && !loadError && (
          <CircularProgress aria-label={t('walkIn.dialog.loadingCalendars')} />
        )}
        {calendars && calendars.length === 0 && (
          <Alert severity="info">{t('walkIn.dialog.noCalendar')}</Alert>
        )}
        {calendars && calendars.length > 0 && !patient && (
          <Stack sx={{ pt: 1 }}>
            <PatientFinder practiceId={practiceId} onPicked={setPatient} autoFocus />
          </Stack>
        )}
        {calendars && patient && (
          <Stack
            component="form"
            id="add-walk-in-form"
            spacing={2}
            sx={{ pt: 1 }}
            onSubmit={(e) => void submit(e)}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip color="primary" label={patientName(patient)} data-testid="walk-in-patient" />
              <Typography variant="body2" color="text.secondary">
                {patientDetails(patient)}
              </Typography>
              <Button size="small" onClick={() => setPatient(null)}>
                {t('walkIn.dialog.change')}
              </Button>
            </Stack>
            {calendars.length > 1 && (
              <TextField
                select
                label={t('walkIn.dialog.provider')}
                value={calendarId}
                onChange={(e) => {
                  setCalendarId(e.target.value);
                  setReason(NO_REASON);
                }}
                size="small"
                slotProps={{ htmlInput: { 'data-testid': 'walk-in-calendar' } }}
              >
                {calendars.map((c) => (
                  <MenuItem key={c.calendar_id} value={c.calendar_id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <VisitReasonFields
              reasons={calendar?.reasons ?? []}
              value={reason}
              onChange={setReason}
              autoFocus
            />
            {add.error && <Alert severity="error">{translateText(add.error)}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose}>{t('walkIn.dialog.cancel')}</Button>
        {patient && (
          <Button
            type="submit"
            form="add-walk-in-form"
            variant="contained"
            disabled={add.pending || !calendar}
          >
            {t('walkIn.dialog.addToQueue')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
