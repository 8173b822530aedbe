import type { CalendarPreviewView } from '@medbook/contracts';
import { Alert, Box, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { Fragment, useEffect, useId, useMemo, useRef, useState } from 'react';
import { BehaviorSubject } from 'rxjs';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { DATE_FORMATS, formatDate } from '../../../shared/i18n/dates';
import { slotRuns, wallTime } from '../preview-runs';
import { type WeekPreview as Preview, weekPreview$ } from '../streams/week-preview.stream';

/**
 * The week the edited settings would offer, before they are saved: the API checks them and
 * places the slots with the same code a save uses. Back-to-back slots show as one run; the
 * time between two runs is a break.
 */
export function WeekPreview({
  zone,
  settings,
  fetchPreview,
}: {
  /** The facility's zone: the days and times are its own. */
  zone: string;
  /** The settings as the save would send them. */
  settings: Record<string, unknown>;
  fetchPreview: (body: Record<string, unknown>) => Promise<CalendarPreviewView>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  // Seven days from today in the facility's zone: the days a save changes first.
  const [weekOf, setWeekOf] = useState(() => DateTime.now().setZone(zone).toISODate()!);
  const settings$ = useMemo(() => new BehaviorSubject<Record<string, unknown>>({}), []);
  const [preview, setPreview] = useState<Preview>({ week: null, error: null, loading: true });
  // The latest caller's fetch, without subscribing again on each render.
  const fetchRef = useRef(fetchPreview);
  useEffect(() => {
    fetchRef.current = fetchPreview;
  });
  useEffect(() => {
    settings$.next({ ...settings, ...(weekOf ? { start_date: weekOf } : {}) });
  }, [settings$, settings, weekOf]);
  useEffect(() => {
    const subscription = weekPreview$(
      settings$,
      (body) => fetchRef.current(body),
      errorMessageOf,
    ).subscribe(setPreview);
    return () => subscription.unsubscribe();
  }, [settings$]);

  const { week, error, loading } = preview;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      data-testid="week-preview"
      sx={{ p: { xs: 1, sm: 2 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Box>
          <Typography id={titleId} variant="subtitle1" component="h3">
            {t('calendarAdmin.preview.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('calendarAdmin.preview.text')}
          </Typography>
        </Box>
        <TextField
          type="date"
          size="small"
          label={t('calendarAdmin.preview.weekOf')}
          value={weekOf}
          onChange={(e) => setWeekOf(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>
        {loading && <LinearProgress aria-label={t('calendarAdmin.preview.updating')} />}
      </Box>
      {error && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translateText(error)}
        </Alert>
      )}
      {week && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, opacity: error ? 0.5 : 1 }}>
          {week.days.map((day) => {
            const runs = slotRuns(day.slots);
            const date = DateTime.fromISO(day.day);
            return (
              <Box
                component="li"
                key={day.day}
                data-day={day.day}
                aria-label={formatDate(date, 'cccc, LLL d', {
                  weekday: 'long',
                  month: 'short',
                  day: 'numeric',
                })}
                sx={{
                  display: 'flex',
                  flexDirection: { xs: 'column', sm: 'row' },
                  gap: { xs: 0.5, sm: 1 },
                  py: 0.75,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ width: { sm: 150 }, flexShrink: 0 }}>
                  <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                    {formatDate(date, 'ccc LLL d', DATE_FORMATS.shortWeekdayMonthDay)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                    {day.slots.length === 0
                      ? t('calendarAdmin.preview.closed')
                      : t('calendarAdmin.preview.slots', { count: day.slots.length })}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
                  {runs.map((run, i) => (
                    <Fragment key={run.start}>
                      {i > 0 && (
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          data-testid="preview-break"
                          sx={{ fontStyle: 'italic' }}
                        >
                          {t('calendarAdmin.preview.break', {
                            from: wallTime(runs[i - 1]!.end, zone),
                            to: wallTime(run.start, zone),
                          })}
                        </Typography>
                      )}
                      <Typography
                        variant="body2"
                        data-testid="preview-run"
                        sx={{ bgcolor: 'action.selected', borderRadius: 1, px: 1, py: 0.25 }}
                      >
                        {wallTime(run.start, zone)} – {wallTime(run.end, zone)}
                      </Typography>
                    </Fragment>
                  ))}
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}
