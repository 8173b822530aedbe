import type { CalendarView, WeekView } from '@medbook/contracts';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { unambiguousTime } from '../../../shared/wall-time';
import { deskBookingApi } from '../api/desk-booking-api';
import { useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';

const DAYS_SHOWN = 5;

/** No slot came with the link: the desk picks a calendar and one of its free slots. */
export function SlotPicker(props: {
  calendars: readonly CalendarView[];
  calendarId: string | null;
  onCalendar: (calendarId: string) => void;
  onPicked: (start: string) => void;
}) {
  const calendar = props.calendars.find((c) => c.calendar_id === props.calendarId) ?? null;
  const zone = calendar?.time_zone ?? 'UTC';
  const { t } = useTranslation();
  const [from, setFrom] = useState(() => DateTime.now().setZone(zone).toISODate()!);
  const key = `${calendar?.calendar_id}|${from}`;
  const [loaded, setLoaded] = useState<{
    key: string;
    week: WeekView | null;
    error: string | null;
  } | null>(null);
  const week = loaded?.key === key ? loaded.week : null;
  const error = loaded?.key === key ? loaded.error : null;

  useEffect(() => {
    if (!calendar) return;
    let live = true;
    const shown = `${calendar.calendar_id}|${from}`;
    deskBookingApi.week(calendar.calendar_id, from).then(
      (answer) => live && setLoaded({ key: shown, week: answer, error: null }),
      (cause: unknown) =>
        live && setLoaded({ key: shown, week: null, error: errorMessageOf(cause) }),
    );
    return () => {
      live = false;
    };
  }, [calendar, from]);

  const today = DateTime.now().setZone(zone).toISODate()!;
  const shift = (days: number) => {
    const next = DateTime.fromISO(from).plus({ days }).toISODate()!;
    setFrom(next < today ? today : next);
  };
  const days = week?.days.slice(0, DAYS_SHOWN) ?? [];

  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('frontDesk.calendar')}
        value={props.calendarId ?? ''}
        onChange={(e) => props.onCalendar(e.target.value)}
        size="small"
        sx={{ maxWidth: 420 }}
        slotProps={{ htmlInput: { 'data-testid': 'calendar-select' } }}
      >
        {props.calendars.map((c) => (
          <MenuItem key={c.calendar_id} value={c.calendar_id}>
            {c.name} · {c.visit_type}
          </MenuItem>
        ))}
      </TextField>
      {calendar && (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <IconButton
              aria-label={t('frontDesk.earlier')}
              onClick={() => shift(-DAYS_SHOWN)}
              disabled={from <= today}
            >
              <ChevronLeft />
            </IconButton>
            <Typography sx={{ fontWeight: 600 }}>
              {DateTime.fromISO(from).toFormat('LLL d')} –{' '}
              {DateTime.fromISO(from)
                .plus({ days: DAYS_SHOWN - 1 })
                .toFormat('LLL d')}
            </Typography>
            <IconButton aria-label={t('frontDesk.later')} onClick={() => shift(DAYS_SHOWN)}>
              <ChevronRight />
            </IconButton>
            <Button size="small" onClick={() => setFrom(today)} disabled={from === today}>
              {t('frontDesk.today')}
            </Button>
          </Stack>
          {error && <Alert severity="error">{error}</Alert>}
          {!week && !error && (
            <CircularProgress aria-label={t('frontDesk.loadingSlots')} size={28} />
          )}
          {week && (
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 1fr', sm: `repeat(${DAYS_SHOWN}, 1fr)` },
                gap: 1.5,
              }}
              data-testid="slot-grid"
            >
              {days.map((day) => {
                const free = day.time_slots.filter((s) => s.is_available);
                const label = formatDate(DateTime.fromISO(day.day), 'ccc, LLL d', {
                  weekday: 'short',
                  month: 'short',
                  day: 'numeric',
                });
                return (
                  <Stack key={day.day} spacing={0.75} role="group" aria-label={label}>
                    <Typography variant="subtitle2" sx={{ textAlign: 'center' }}>
                      {label}
                    </Typography>
                    {free.length === 0 && (
                      <Typography
                        color="text.secondary"
                        variant="body2"
                        sx={{ textAlign: 'center' }}
                      >
                        {t('frontDesk.noFreeSlots')}
                      </Typography>
                    )}
                    {free.map((slot) => {
                      const time = unambiguousTime(
                        DateTime.fromISO(slot.start_date, { zone }),
                        'h:mm a',
                      );
                      return (
                        <Button
                          key={slot.id}
                          size="small"
                          variant="outlined"
                          onClick={() => props.onPicked(slot.start_date)}
                          aria-label={`${label} ${time}`}
                        >
                          {time}
                        </Button>
                      );
                    })}
                  </Stack>
                );
              })}
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}
