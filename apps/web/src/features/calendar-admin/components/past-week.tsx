import type { CalendarView, WeekView } from '@medbook/contracts';
import HistoryIcon from '@mui/icons-material/History';
import { Alert, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { type FormEvent, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { calendarAdminApi } from '../api/calendar-admin-api';

/**
 * "View as of": the calendar's week exactly as patients were offered it at a past moment
 * (capacity, holds, bookings, blocks), read-only, folded from the log by the API.
 */
export function PastWeek({ calendar }: { calendar: CalendarView }) {
  const zone = calendar.time_zone;
  const [moment, setMoment] = useState(() =>
    DateTime.now().setZone(zone).minus({ minutes: 5 }).toFormat("yyyy-LL-dd'T'HH:mm:ss"),
  );
  const [day, setDay] = useState(() => DateTime.now().setZone(zone).toISODate()!);
  const [week, setWeek] = useState<WeekView | null>(null);
  const [error, setError] = useState<string | null>(null);

  const show = async (event: FormEvent) => {
    event.preventDefault();
    const asOf = DateTime.fromISO(moment, { zone });
    if (!asOf.isValid) return setError('Please choose a date and time.');
    try {
      setWeek(await calendarAdminApi.weekAsOf(calendar.calendar_id, day, asOf.toUTC().toISO()));
      setError(null);
    } catch (cause) {
      setWeek(null);
      setError(errorMessageOf(cause));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="past-week-title">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <HistoryIcon color="primary" aria-hidden />
        <Typography id="past-week-title" variant="h6" component="h2">
          View as of
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        The week exactly as patients saw it at a past moment ({zone}), read-only.
      </Typography>
      <Box
        component="form"
        onSubmit={(e) => void show(e)}
        sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <TextField
          type="datetime-local"
          size="small"
          label="As of"
          value={moment}
          onChange={(e) => setMoment(e.target.value)}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'as-of', step: 1 },
          }}
        />
        <TextField
          type="date"
          size="small"
          label="Week from"
          value={day}
          onChange={(e) => setDay(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="outlined">
          Show
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      {week && (
        <Stack spacing={1} sx={{ mt: 2 }} data-testid="past-week">
          {week.days.map((d) => (
            <Box key={d.day} data-day={d.day}>
              <Typography variant="subtitle2" component="h3">
                {DateTime.fromISO(d.day).toFormat('cccc, LLLL d')}
              </Typography>
              {d.time_slots.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  Nothing offered
                </Typography>
              ) : (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {d.time_slots.map((slot) => (
                    <Chip
                      key={slot.start_date}
                      size="small"
                      variant="outlined"
                      label={`${DateTime.fromISO(slot.start_date, { zone }).toFormat('h:mm a')} · ${slot.booking_capacity} free`}
                    />
                  ))}
                </Box>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
