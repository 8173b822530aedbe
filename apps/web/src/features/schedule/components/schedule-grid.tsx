import type { ScheduleCalendar, ScheduleView } from '@medbook/contracts';
import { Box } from '@mui/material';
import { DateTime } from 'luxon';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { formatDate, luxonLocale } from '../../../shared/i18n/dates';
import { gridHours, minuteClock, minuteLabel, PX_PER_MINUTE } from '../schedule-layout';
import { visitTypeText } from '../schedule-texts';
import { type ColumnActions, ScheduleColumnView } from './schedule-column';
import { AXIS_WIDTH, gridSx } from './schedule-grid-styles';

declare global {
  interface Window {
    /** Data arrival to grid in the document, ms, for the last schedule shown (browser tests read it). */
    __scheduleRenderMs?: number;
    __scheduleRenders?: number[];
    /** Data arrival to the first frame painted after it, ms. */
    __schedulePaintMs?: number;
  }
}

/** A grid's columns: the practice's calendars on a day, or one calendar's days. */
export interface GridProps {
  readonly view: ScheduleView;
  /** Which columns to show (a phone shows one). */
  readonly calendarFilter: string | null;
  /** When the view arrived from the API or a push (performance.now()). */
  readonly arrivedAt: number;
  readonly nowMs: number;
  readonly draggable: boolean;
  readonly actions: ColumnActions;
}

/** The time grid: a sticky row of column heads, a sticky hour axis, one column per calendar or day. */
export const ScheduleGrid = memo(function ScheduleGrid(props: GridProps) {
  const { view, calendarFilter, arrivedAt, nowMs, draggable, actions } = props;
  const { t } = useTranslation();
  const locale = luxonLocale();
  const calendars = useMemo(
    () => new Map(view.calendars.map((c) => [c.calendar_id, c])),
    [view.calendars],
  );
  const columns = useMemo(() => {
    const shown = view.columns.filter((c) => !calendarFilter || c.calendar_id === calendarFilter);
    if (view.view !== 'week') return shown;
    // A week keeps the days the calendar works or has visits on (closed weekends drop out).
    const open = shown.filter((c) => c.slots.length > 0 || c.appointments.length > 0);
    return open.length > 0 ? open : shown;
  }, [view, calendarFilter]);
  const { firstMinute, lastMinute } = useMemo(
    () => gridHours(columns, calendars),
    [columns, calendars],
  );

  useLayoutEffect(() => {
    const ms = Math.round((performance.now() - arrivedAt) * 10) / 10;
    window.__scheduleRenderMs = ms;
    (window.__scheduleRenders ??= []).push(ms);
    // A timer set in the frame's callback runs once that frame is painted.
    requestAnimationFrame(() =>
      setTimeout(() => {
        window.__schedulePaintMs = Math.round((performance.now() - arrivedAt) * 10) / 10;
      }),
    );
  }, [view, arrivedAt]);

  const minColumn = view.view === 'week' ? 128 : 176;
  const { scroller, shown } = useShownColumns(columns.length, minColumn);

  // Today opens at the time now (an hour before it), once per day shown.
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    const key = `${view.view}|${view.start_date}`;
    const element = scroller.current;
    if (!element || scrolledFor.current === key) return;
    scrolledFor.current = key;
    const today = columns.find((c) => {
      const zone = calendars.get(c.calendar_id)?.time_zone;
      return zone && DateTime.fromMillis(nowMs, { zone }).toISODate() === c.day;
    });
    const zone = today && calendars.get(today.calendar_id)?.time_zone;
    if (!today || !zone) return;
    const minute = minuteClock(today.day, zone)(new Date(nowMs).toISOString());
    element.scrollTo({ top: Math.max(0, (minute - 60 - firstMinute) * PX_PER_MINUTE) });
  }, [view, columns, calendars, nowMs, firstMinute, scroller]);

  const hours: number[] = [];
  for (let m = Math.ceil(firstMinute / 60) * 60; m <= lastMinute; m += 60) hours.push(m);
  const height = (lastMinute - firstMinute) * PX_PER_MINUTE;
  return (
    <Box
      ref={scroller}
      sx={gridSx}
      data-testid="schedule-grid"
      data-columns={columns.length}
      data-rendered-columns={Math.max(0, Math.min(shown.to, columns.length - 1) - shown.from + 1)}
    >
      <div
        className="sg-table"
        role="group"
        aria-label={
          view.view === 'week' ? t('schedule.grid.weekSchedule') : t('schedule.grid.daySchedule')
        }
        style={{
          gridTemplateColumns: `${AXIS_WIDTH}px repeat(${columns.length}, minmax(${minColumn}px, 1fr))`,
        }}
      >
        <div className="sg-corner" />
        {columns.map((column) => (
          <ColumnHead
            key={`${column.calendar_id}|${column.day}`}
            calendar={calendars.get(column.calendar_id)}
            day={column.day}
            week={view.view === 'week'}
            booked={column.appointments.length}
            free={column.slots.reduce(
              (sum, s) => sum + (Date.parse(s.start_date) >= nowMs ? s.booking_capacity : 0),
              0,
            )}
            nowMs={nowMs}
          />
        ))}
        <div className="sg-axis" style={{ height }} aria-hidden>
          {hours.map((minute) => (
            <span
              key={minute}
              className="sg-hour"
              style={{ top: Math.max(8, (minute - firstMinute) * PX_PER_MINUTE) }}
            >
              {minuteLabel(minute, false, locale)}
            </span>
          ))}
        </div>
        {columns.map((column, index) => {
          const calendar = calendars.get(column.calendar_id);
          if (index < shown.from || index > shown.to) {
            return (
              <div
                key={`${column.calendar_id}|${column.day}`}
                className="sg-col"
                data-calendar={column.calendar_id}
                style={{ height }}
              />
            );
          }
          return calendar ? (
            <ScheduleColumnView
              key={`${column.calendar_id}|${column.day}`}
              column={column}
              calendar={calendar}
              firstMinute={firstMinute}
              lastMinute={lastMinute}
              nowMs={nowMs}
              draggable={draggable}
              actions={actions}
            />
          ) : null;
        })}
      </div>
    </Box>
  );
});

function ColumnHead(props: {
  calendar: ScheduleCalendar | undefined;
  day: string;
  week: boolean;
  booked: number;
  free: number;
  nowMs: number;
}) {
  const { calendar, day, week } = props;
  const { t } = useTranslation();
  const zone = calendar?.time_zone ?? 'local';
  const today = DateTime.fromMillis(props.nowMs, { zone }).toISODate() === day;
  const counts = `${t('schedule.grid.booked', { count: props.booked })} · ${t('schedule.grid.free', { count: props.free })}`;
  return (
    <div
      className={`sg-colhead${week && today ? ' sg-today' : ''}`}
      data-testid="schedule-column-head"
    >
      <span className="sg-name">
        {week
          ? formatDate(DateTime.fromISO(day), 'ccc d LLL', {
              weekday: 'short',
              day: 'numeric',
              month: 'short',
            })
          : (calendar?.owner_name ?? t('schedule.grid.calendar'))}
      </span>
      <span className="sg-sub">
        {week ? counts : `${calendar ? visitTypeText(t, calendar.visit_type) : ''} · ${counts}`}
      </span>
    </div>
  );
}

/** Columns drawn beyond each side of the scrolled-to ones, so a short scroll shows no gap. */
const OVERSCAN = 1;

/**
 * Which columns the scroller shows: only those (and one each side) get their blocks, so a day of
 * 20 providers costs what the screen holds. Columns share the width evenly, never under their
 * minimum.
 */
function useShownColumns(count: number, minColumn: number) {
  const node = useRef<HTMLDivElement | null>(null);
  const [shown, setShown] = useState(() => ({
    from: 0,
    to:
      Math.ceil((typeof window === 'undefined' ? 1920 : window.innerWidth) / minColumn) + OVERSCAN,
  }));
  const measure = useCallback(() => {
    const element = node.current;
    if (!element) return;
    const room = element.clientWidth - AXIS_WIDTH;
    const width = Math.max(minColumn, room / Math.max(1, count));
    const from = Math.max(0, Math.floor(element.scrollLeft / width) - OVERSCAN);
    const to = Math.ceil((element.scrollLeft + room) / width) + OVERSCAN - 1;
    setShown((last) => (last.from === from && last.to === to ? last : { from, to }));
  }, [count, minColumn]);
  useLayoutEffect(measure, [measure]);
  useEffect(() => {
    const element = node.current;
    if (!element) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const resized = new ResizeObserver(onScroll);
    resized.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', onScroll);
      resized.disconnect();
    };
  }, [measure]);
  return { scroller: node, shown };
}
