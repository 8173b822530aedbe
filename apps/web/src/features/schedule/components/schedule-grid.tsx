import type { ScheduleCalendar, ScheduleView } from '@medbook/contracts';
import { Box } from '@mui/material';
import { DateTime } from 'luxon';
import { memo, useLayoutEffect, useMemo } from 'react';
import { gridHours, minuteLabel, PX_PER_MINUTE } from '../schedule-layout';
import { type ColumnActions, ScheduleColumnView } from './schedule-column';
import { AXIS_WIDTH, gridSx } from './schedule-grid-styles';

declare global {
  interface Window {
    /** Data arrival to grid in the document, ms, for the last schedule shown (browser tests read it). */
    __scheduleRenderMs?: number;
    __scheduleRenders?: number[];
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
  }, [view, arrivedAt]);

  const hours: number[] = [];
  for (let m = Math.ceil(firstMinute / 60) * 60; m <= lastMinute; m += 60) hours.push(m);
  const height = (lastMinute - firstMinute) * PX_PER_MINUTE;
  const minColumn = view.view === 'week' ? 128 : 176;
  return (
    <Box sx={gridSx} data-testid="schedule-grid" data-columns={columns.length}>
      <div
        className="sg-table"
        role="group"
        aria-label={view.view === 'week' ? 'Week schedule' : 'Day schedule'}
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
              {minuteLabel(minute)}
            </span>
          ))}
        </div>
        {columns.map((column) => {
          const calendar = calendars.get(column.calendar_id);
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
  const zone = calendar?.time_zone ?? 'local';
  const today = DateTime.fromMillis(props.nowMs, { zone }).toISODate() === day;
  const counts = `${props.booked} booked · ${props.free} free`;
  return (
    <div
      className={`sg-colhead${week && today ? ' sg-today' : ''}`}
      data-testid="schedule-column-head"
    >
      <span className="sg-name">
        {week ? DateTime.fromISO(day).toFormat('ccc d LLL') : (calendar?.owner_name ?? 'Calendar')}
      </span>
      <span className="sg-sub">{week ? counts : `${calendar?.visit_type ?? ''} · ${counts}`}</span>
    </div>
  );
}
