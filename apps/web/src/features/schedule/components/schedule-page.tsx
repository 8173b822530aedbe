import {
  BOOKING_MESSAGES,
  type ScheduleAppointment,
  type ScheduleViewKind,
} from '@medbook/contracts';
import EventBusy from '@mui/icons-material/EventBusy';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useObservableCallback, useObservableState } from 'observable-hooks';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { connection$ } from '../../../live/live-socket';
import { settled } from '../../../live/settled';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { formatDate, luxonLocale } from '../../../shared/i18n/dates';
import { toast } from '../../../shared/toast';
import { useCommand } from '../../../shared/use-command';
import { type ScheduleParams, scheduleApi } from '../api/schedule-api';
import { arrivals$, schedule$ } from '../streams/schedule.stream';
import { minuteClock, timeRange } from '../schedule-layout';
import { AppointmentDrawer } from './appointment-drawer';
import type { ColumnActions } from './schedule-column';
import { ScheduleGrid } from './schedule-grid';
import { ScheduleLegend } from './schedule-legend';
import { ScheduleToolbar } from './schedule-toolbar';

/** Where a free place leads: the front desk's booking for a patient. */
export const bookingPath = (calendarId: string, start: string): string =>
  `/practice/book?calendar_id=${encodeURIComponent(calendarId)}&start=${encodeURIComponent(start)}`;

/**
 * The practice's schedule: a day with a column per provider or resource (one at a time on a
 * phone), or one calendar's week; live, with a block's detail in a drawer, free places that book,
 * and blocks that drag onto a free place of their calendar.
 */
export function SchedulePage(props: {
  practiceId: string;
  history?: (appointmentId: string) => ReactNode;
}) {
  const { practiceId } = props;
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const date = validDay(search.get('date')) ?? DateTime.local().toISODate();
  const view: ScheduleViewKind = search.get('view') === 'week' ? 'week' : 'day';
  const chosen = search.get('calendar');

  const [refresh, refresh$] = useObservableCallback<number | void>();
  // A week needs its calendar: until one is chosen, the day (which lists them) is read.
  const params: ScheduleParams = useMemo(
    () => (view === 'week' && chosen ? { date, view, calendarId: chosen } : { date, view: 'day' }),
    [date, view, chosen],
  );
  const shown = useObservableState(
    useMemo(
      () => settled(arrivals$(schedule$(practiceId, params, refresh$))),
      [practiceId, params, refresh$],
    ),
  );
  const connection = useObservableState(connection$);
  const data = shown?.value;
  const calendars = data?.view.calendars ?? [];
  const current = data;

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );

  // A week, or a phone's day, shows one calendar: the first until another is chosen.
  const oneCalendar = view === 'week' || phone;
  const firstCalendar = calendars[0]?.calendar_id;
  const known = chosen && calendars.some((c) => c.calendar_id === chosen) ? chosen : null;
  const column = oneCalendar ? (known ?? firstCalendar ?? null) : known;
  useEffect(() => {
    if (view === 'week' && !chosen && firstCalendar) update({ calendar: firstCalendar });
  }, [view, chosen, firstCalendar, update]);

  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  // The opened appointment is in the address, so a notification can link straight to it.
  const openedId = search.get('appointment');
  const [moving, setMoving] = useState<{ id: string; calendarId: string; start: string } | null>(
    null,
  );
  const reschedule = useCommand(scheduleApi.reschedule);

  const actions: ColumnActions = useMemo(
    () => ({
      onOpen: (id) => update({ appointment: id }),
      onFree: (calendarId, start) => void navigate(bookingPath(calendarId, start)),
      onMove: (id, calendarId, start) => setMoving({ id, calendarId, start }),
    }),
    [navigate, update, setMoving],
  );

  const find = (id: string | undefined): ScheduleAppointment | undefined => {
    if (!id || !current) return undefined;
    for (const c of current.view.columns) {
      const found = c.appointments.find((a) => a.appointment_id === id);
      if (found) return found;
    }
    return undefined;
  };
  const calendarOf = (id: string | undefined) => calendars.find((c) => c.calendar_id === id);
  const openedCalendarId = current?.view.columns.find((c) =>
    c.appointments.some((a) => a.appointment_id === openedId),
  )?.calendar_id;
  const movingAppointment = find(moving?.id);
  const movingCalendar = calendarOf(moving?.calendarId);

  const confirmMove = async () => {
    if (!moving) return;
    const outcome = await reschedule.run(moving.id, moving.start);
    if (!outcome.ok) return toast.error(outcome.error);
    setMoving(null);
    toast.success(BOOKING_MESSAGES.rescheduled);
    refresh(outcome.result.position);
  };

  return (
    <Stack spacing={2} sx={{ pt: { xs: 1.5, md: 2.5 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 600, fontSize: { xs: 26, md: 32 } }}
        >
          {t('schedule.title')}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={connection === 'live' ? 'success' : 'default'}
          label={connection === 'live' ? t('schedule.live') : t('schedule.reconnecting')}
          data-testid="schedule-connection"
        />
      </Stack>
      <ScheduleToolbar
        date={date}
        view={view}
        calendarId={column}
        calendars={calendars}
        allowAll={!oneCalendar}
        onDate={(next) => update({ date: next })}
        onView={(next) =>
          update({
            view: next,
            ...(next === 'week' && !known && firstCalendar ? { calendar: firstCalendar } : {}),
          })
        }
        onCalendar={(next) => update({ calendar: next })}
      />
      <ScheduleLegend />
      {shown?.error !== undefined && (
        <Alert severity="error">{translateText(errorMessageOf(shown.error))}</Alert>
      )}
      {!data && shown?.error === undefined && (
        <CircularProgress aria-label={t('schedule.loading')} />
      )}
      {data && calendars.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="schedule-empty">
          <EventBusy color="disabled" sx={{ fontSize: 40 }} aria-hidden />
          <Typography sx={{ fontWeight: 600, mt: 1 }}>{t('schedule.noCalendars')}</Typography>
          <Typography color="text.secondary">{t('schedule.noCalendarsText')}</Typography>
        </Paper>
      )}
      {data && calendars.length > 0 && (view === 'day' || data.view.view === 'week') && (
        <ScheduleGrid
          view={data.view}
          calendarFilter={column}
          arrivedAt={data.arrivedAt}
          nowMs={nowMs}
          draggable={!phone}
          actions={actions}
        />
      )}
      <AppointmentDrawer
        practiceId={practiceId}
        appointmentId={openedId}
        summary={find(openedId ?? undefined)}
        calendar={calendarOf(openedCalendarId)}
        onClose={() => update({ appointment: null })}
        onChanged={(position) => refresh(position)}
        history={props.history}
      />
      <Dialog open={moving !== null} onClose={() => setMoving(null)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('schedule.move.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {movingAppointment && moving && movingCalendar
              ? t('schedule.move.text', {
                  name: movingAppointment.patient_name ?? t('schedule.move.thePatient'),
                  ...describeMove(
                    movingAppointment.start_date,
                    moving.start,
                    movingCalendar.time_zone,
                    movingCalendar.time_step,
                  ),
                })
              : ''}
          </DialogContentText>
          {reschedule.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {translateText(reschedule.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setMoving(null)}>{t('schedule.move.keep')}</Button>
          <Button
            variant="contained"
            disabled={reschedule.pending}
            onClick={() => void confirmMove()}
            data-testid="move-confirm"
          >
            {t('schedule.move.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <Box aria-live="polite" sx={{ position: 'absolute', left: -10_000 }}>
        {data
          ? t('schedule.appointmentsCount', {
              count: data.view.columns.reduce((n, c) => n + c.appointments.length, 0),
            })
          : ''}
      </Box>
    </Stack>
  );
}

const validDay = (value: string | null): string | null =>
  value && DateTime.fromISO(value).isValid && /^\d{4}-\d\d-\d\d$/.test(value) ? value : null;

/** Where a dragged block goes, from its day and time to the place it was dropped on. */
function describeMove(from: string, to: string, zone: string, step: number) {
  const locale = luxonLocale();
  const day = (iso: string) =>
    formatDate(DateTime.fromISO(iso, { zone }), 'ccc LLL d', {
      weekday: 'long',
      day: 'numeric',
      month: 'short',
    });
  const range = (iso: string) => {
    const d = DateTime.fromISO(iso, { zone }).toISODate()!;
    const clock = minuteClock(d, zone);
    return timeRange(clock(iso), clock(iso) + step, locale);
  };
  return { fromDay: day(from), fromRange: range(from), toDay: day(to), toRange: range(to) };
}
