import type { WeekView } from '@medbook/contracts';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  ToggleButton,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';
import { unambiguousTime } from './wall-time';
import {
  mayConfirmNewSlot,
  NEW_SLOT_WINDOW_DAYS,
  newSlotProblem,
  windowStart,
} from './slot-choice';
import { useTranslation } from './i18n';
import { DATE_FORMATS, formatDate, luxonLocale } from './i18n/dates';

interface Props {
  readonly open: boolean;
  readonly originalStart: string;
  readonly zone: string;
  readonly loadWeek: (startDate: string) => Promise<WeekView>;
  readonly onConfirm: (start: string) => void;
  readonly onDecline: () => void;
  readonly busy?: boolean;
  readonly error?: string | null;
  readonly title?: string;
  readonly declineLabel?: string;
}

/** Slot taken: five days from the original date to pick another time, or to give up. */
export function ChooseAnotherSlotDialog(props: Props) {
  const { open, originalStart, zone, loadWeek, onConfirm, onDecline, busy, error } = props;
  const { t } = useTranslation();
  const title = props.title ?? t('dashboard.chooseAnother');
  const [week, setWeek] = useState<WeekView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    loadWeek(windowStart(originalStart, zone)).then(
      (loaded) => live && setWeek(loaded),
      (cause: Error) => live && setFailed(cause.message),
    );
    return () => {
      live = false;
    };
  }, [open, originalStart, zone, loadWeek]);
  const problem = newSlotProblem(originalStart, picked);
  return (
    <Dialog open={open} maxWidth="md" fullWidth aria-labelledby="another-slot-title">
      <DialogTitle id="another-slot-title">{title}</DialogTitle>
      <DialogContent>
        {!props.title && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('dashboard.noLongerAvailable')}
          </Typography>
        )}
        {!week && !failed && <CircularProgress aria-label={t('dashboard.loadingTimes')} />}
        {failed && <Alert severity="error">{failed}</Alert>}
        {week && (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr 1fr', sm: `repeat(${NEW_SLOT_WINDOW_DAYS}, 1fr)` },
              gap: 1.5,
            }}
          >
            {week.days.slice(0, NEW_SLOT_WINDOW_DAYS).map((day) => (
              <Stack key={day.day} spacing={1} role="group" aria-label={dayLabel(day.day)}>
                <Typography variant="subtitle2" sx={{ textAlign: 'center' }}>
                  {dayLabel(day.day)}
                </Typography>
                {day.time_slots.length === 0 && (
                  <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
                    -
                  </Typography>
                )}
                {day.time_slots.map((slot) => {
                  const time = unambiguousTime(
                    DateTime.fromISO(slot.start_date, { zone }).setLocale(luxonLocale()),
                    'h:mm a',
                  );
                  return (
                    <ToggleButton
                      key={slot.id}
                      value={slot.start_date}
                      size="small"
                      color="primary"
                      selected={picked === slot.start_date}
                      onChange={() => setPicked(slot.start_date)}
                      aria-label={`${dayLabel(day.day)} ${time}`}
                    >
                      {time}
                    </ToggleButton>
                  );
                })}
              </Stack>
            ))}
          </Box>
        )}
        {problem && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="same-slot">
            {problem}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3, pb: 2, flexWrap: 'wrap' }}>
        <Link component="button" type="button" onClick={onDecline}>
          {props.declineLabel ?? t('dashboard.noAppointmentNow')}
        </Link>
        <Button
          variant="contained"
          disabled={!mayConfirmNewSlot(originalStart, picked) || busy}
          onClick={() => picked && onConfirm(picked)}
        >
          {t('dashboard.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const dayLabel = (day: string) =>
  formatDate(DateTime.fromISO(day), 'EEE, MMM d', DATE_FORMATS.shortWeekdayMonthDay);
