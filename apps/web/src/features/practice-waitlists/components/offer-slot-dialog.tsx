import type { WaitlistItemView, WeekView } from '@medbook/contracts';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { DATE_FORMATS, formatDate } from '../../../shared/i18n/dates';
import { practiceWaitlistsApi } from '../api/practice-waitlists-api';
import { freeSlots, patientLabel, slotLabel } from '../waitlist-lines';

/**
 * Offers one of the calendar's free slots to the patient chosen on its line: the slot is held for
 * them for the offer's time, as when a place frees for the next in line.
 */
export function OfferSlotDialog(props: {
  readonly item: WaitlistItemView;
  readonly busy: boolean;
  readonly onOffer: (startDate: string) => void;
  readonly onClose: () => void;
}) {
  const { item } = props;
  const zone = item.time_zone;
  const today = DateTime.now()
    .setZone(zone ?? 'local')
    .toISODate()!;
  const [from, setFrom] = useState(today);
  const [loaded, setLoaded] = useState<{
    readonly from: string;
    readonly week?: WeekView;
    readonly error?: string;
  } | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const { t } = useTranslation();
  const shortDay = (iso: string) =>
    formatDate(DateTime.fromISO(iso), 'LLL d', { month: 'short', day: 'numeric' });

  useEffect(() => {
    let live = true;
    practiceWaitlistsApi.week(item.calendar_id, from).then(
      (view) => live && setLoaded({ from, week: view }),
      (error: unknown) => live && setLoaded({ from, error: errorMessageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [item.calendar_id, from]);

  // What was read for other days is not shown while these are on their way.
  const current = loaded?.from === from ? loaded : null;
  const week = current?.week ?? null;
  const failed = current?.error ?? null;
  const days = week ? freeSlots(week.days, DateTime.now()) : [];
  const shift = (days: number) =>
    setFrom(DateTime.fromISO(from).plus({ days }).toISODate() ?? from);
  return (
    <Dialog
      open
      onClose={props.busy ? undefined : props.onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="offer-title"
      data-testid="offer-dialog"
    >
      <DialogTitle id="offer-title">
        {t('practiceWaitlists.offerTo', { who: patientLabel(item, t) })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('practiceWaitlists.offerText', { who: patientLabel(item, t) })}
        </DialogContentText>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <IconButton
            aria-label={t('practiceWaitlists.earlier')}
            onClick={() => shift(-5)}
            disabled={from <= today}
            size="small"
          >
            <ChevronLeft />
          </IconButton>
          <Typography variant="subtitle2" component="p" aria-live="polite">
            {shortDay(from)} –{' '}
            {shortDay(DateTime.fromISO(from).plus({ days: 4 }).toISODate() ?? from)}
          </Typography>
          <IconButton
            aria-label={t('practiceWaitlists.later')}
            onClick={() => shift(5)}
            size="small"
          >
            <ChevronRight />
          </IconButton>
        </Stack>
        {failed && <Alert severity="error">{translateText(failed)}</Alert>}
        {!week && !failed && (
          <Typography color="text.secondary" sx={{ py: 2 }} role="status">
            {t('practiceWaitlists.loading')}
          </Typography>
        )}
        {week && days.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 2 }} data-testid="no-free-slots">
            {t('practiceWaitlists.noFreeSlot')}
          </Typography>
        )}
        <Stack
          spacing={1.5}
          sx={{ mt: 1 }}
          role="radiogroup"
          aria-label={t('practiceWaitlists.freeSlots')}
        >
          {days.map((day) => (
            <Box key={day.day}>
              <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
                {formatDate(
                  DateTime.fromISO(day.day),
                  'cccc, LLLL d',
                  DATE_FORMATS.weekdayMonthDay,
                )}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {day.time_slots.map((slot) => {
                  const picked = chosen === slot.start_date;
                  return (
                    <Chip
                      key={slot.start_date}
                      role="radio"
                      aria-checked={picked}
                      label={formatDate(
                        DateTime.fromISO(slot.start_date, zone ? { zone } : {}),
                        'h:mm a',
                        DATE_FORMATS.time,
                      )}
                      color={picked ? 'primary' : 'default'}
                      variant={picked ? 'filled' : 'outlined'}
                      onClick={() => setChosen(slot.start_date)}
                      data-testid="offer-slot"
                      data-start={slot.start_date}
                    />
                  );
                })}
              </Box>
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {chosen && (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
            {slotLabel(chosen, zone)}
          </Typography>
        )}
        <Button onClick={props.onClose} disabled={props.busy}>
          {t('practiceWaitlists.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!chosen || props.busy}
          onClick={() => chosen && props.onOffer(chosen)}
          data-testid="confirm-offer"
        >
          {t('practiceWaitlists.offerThis')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
