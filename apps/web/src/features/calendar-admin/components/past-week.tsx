import type { CalendarView, WeekView } from '@medbook/contracts';
import HistoryIcon from '@mui/icons-material/History';
import { Alert, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { type FormEvent, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { DATE_FORMATS, formatDate } from '../../../shared/i18n/dates';
import { calendarAdminApi } from '../api/calendar-admin-api';

/**
 * "View as of": the calendar's week exactly as patients were offered it at a past moment
 * (capacity, holds, bookings, blocks), read-only, folded from the log by the API.
 */
export function PastWeek({ calendar }: { calendar: CalendarView }) {
  const { t } = useTranslation();
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
    if (!asOf.isValid) return setError(t('calendarAdmin.pastWeek.choose'));
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
          {t('calendarAdmin.pastWeek.title')}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('calendarAdmin.pastWeek.text', { zone })}
      </Typography>
      <Box
        component="form"
        onSubmit={(e) => void show(e)}
        sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <TextField
          type="datetime-local"
          size="small"
          label={t('calendarAdmin.pastWeek.asOf')}
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
          label={t('calendarAdmin.pastWeek.weekFrom')}
          value={day}
          onChange={(e) => setDay(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="outlined">
          {t('calendarAdmin.pastWeek.show')}
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {translateText(error)}
        </Alert>
      )}
      {week && (
        <Stack spacing={1} sx={{ mt: 2 }} data-testid="past-week">
          {week.days.map((d) => (
            <Box key={d.day} data-day={d.day}>
              <Typography variant="subtitle2" component="h3">
                {formatDate(DateTime.fromISO(d.day), 'cccc, LLLL d', DATE_FORMATS.weekdayMonthDay)}
              </Typography>
              {d.time_slots.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('calendarAdmin.pastWeek.nothing')}
                </Typography>
              ) : (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {d.time_slots.map((slot) => (
                    <Chip
                      key={slot.start_date}
                      size="small"
                      variant="outlined"
                      label={t('calendarAdmin.pastWeek.free', {
                        time: formatDate(
                          DateTime.fromISO(slot.start_date, { zone }),
                          'h:mm a',
                          DATE_FORMATS.time,
                        ),
                        count: slot.booking_capacity,
                      })}
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
