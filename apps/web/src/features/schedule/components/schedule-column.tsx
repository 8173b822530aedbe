import type { ScheduleCalendar, ScheduleColumn } from '@medbook/contracts';
import { DateTime } from 'luxon';
import { type DragEvent, memo, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { luxonLocale } from '../../../shared/i18n/dates';
import { statusColor } from '../../../shared/status-chip';
import {
  layoutColumn,
  mayReschedule,
  minuteClock,
  minuteLabel,
  narrowClock,
  PX_PER_MINUTE,
  timeRange,
} from '../schedule-layout';
import { visitTypeText } from '../schedule-texts';

/** What a column tells the page: a block opened, a free place chosen, a block dropped on one. */
export interface ColumnActions {
  readonly onOpen: (appointmentId: string, calendarId: string) => void;
  readonly onFree: (calendarId: string, start: string) => void;
  readonly onMove: (appointmentId: string, calendarId: string, start: string) => void;
}

const DRAG_TYPE = 'application/x-medbook-appointment';

const LANE_GAP_PX = 3;

/** A column's item box as inline style: its lanes share the width, with a gap between them. */
const place = (box: { top: number; height: number; lane: number; lanes: number }) => ({
  top: box.top,
  height: box.height,
  left: `calc(${(box.lane / box.lanes) * 100}% + ${LANE_GAP_PX}px)`,
  width: `calc(${100 / box.lanes}% - ${LANE_GAP_PX * 2}px)`,
});

/**
 * Dragging marks the columns of the dragged visit's calendar as drop zones through their class
 * lists, not React state: a re-render of hundreds of places on every drag would stutter.
 */
function markDropZones(target: HTMLElement, calendarId: string | null) {
  const grid = target.closest('.sg-table');
  if (!grid) return;
  for (const column of grid.querySelectorAll<HTMLElement>('.sg-col')) {
    column.classList.toggle('sg-drop-zone', column.dataset.calendar === calendarId);
  }
}

/** One calendar on one day: its open hours, blocks, free places and the time now. */
export const ScheduleColumnView = memo(function ScheduleColumnView(props: {
  column: ScheduleColumn;
  calendar: ScheduleCalendar;
  firstMinute: number;
  lastMinute: number;
  nowMs: number;
  draggable: boolean;
  actions: ColumnActions;
}) {
  const { column, calendar, firstMinute, lastMinute, nowMs, draggable, actions } = props;
  const { t } = useTranslation();
  const locale = luxonLocale();
  const items = useMemo(
    () => layoutColumn(column, calendar.time_zone, firstMinute, nowMs),
    [column, calendar.time_zone, firstMinute, nowMs],
  );
  const today = DateTime.fromMillis(nowMs, { zone: calendar.time_zone }).toISODate() === column.day;
  const nowMinute = today
    ? minuteClock(column.day, calendar.time_zone)(new Date(nowMs).toISOString())
    : -1;
  const open = column.slots.length > 0 && {
    top: (calendar.first_hour * 60 - firstMinute) * PX_PER_MINUTE,
    height: (calendar.last_hour - calendar.first_hour) * 60 * PX_PER_MINUTE,
  };
  const who = calendar.owner_name;

  const allowDrop = (event: DragEvent<HTMLElement>) => {
    if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
    if (!event.currentTarget.closest('.sg-drop-zone')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    event.currentTarget.classList.add('sg-drop-over');
  };

  return (
    <div
      className="sg-col"
      data-calendar={column.calendar_id}
      data-day={column.day}
      data-testid="schedule-column"
      style={{ height: (lastMinute - firstMinute) * PX_PER_MINUTE }}
    >
      {open && <div className="sg-open" style={open} />}
      {items.map((item) => {
        const label = timeRange(item.box.startMinute, item.box.endMinute, locale);
        if (item.kind === 'appointment') {
          const a = item.appointment;
          const movable = draggable && mayReschedule(a.status);
          const name = a.patient_name ?? t('schedule.grid.patient');
          const type = visitTypeText(t, a.visit_type);
          const status = t(`dashboard.status.${a.status}`);
          const finished = a.status === 'Checked-Out' || a.status === 'No-Show';
          return (
            <button
              key={a.appointment_id}
              type="button"
              className={`sg-item sg-block${finished ? ' sg-finished' : ''}${a.status === 'Pending' ? ' sg-pending' : ''}`}
              data-color={statusColor(a.status)}
              data-testid="schedule-block"
              data-appointment={a.appointment_id}
              data-status={a.status}
              style={place(item.box)}
              data-start={a.start_date}
              title={`${name} · ${label} · ${type} · ${status}${a.reason ? ` · ${a.reason}` : ''}`}
              draggable={movable}
              onDragStart={
                movable
                  ? (event) => {
                      event.dataTransfer.setData(DRAG_TYPE, a.appointment_id);
                      event.dataTransfer.effectAllowed = 'move';
                      event.currentTarget.classList.add('sg-dragging');
                      markDropZones(event.currentTarget, column.calendar_id);
                    }
                  : undefined
              }
              onDragEnd={
                movable
                  ? (event) => {
                      event.currentTarget.classList.remove('sg-dragging');
                      markDropZones(event.currentTarget, null);
                    }
                  : undefined
              }
              onClick={() => actions.onOpen(a.appointment_id, column.calendar_id)}
            >
              <span className="sg-patient">{name}</span>{' '}
              <span className={item.box.height >= 36 ? 'sg-meta' : 'sg-hidden'}>
                {item.box.lanes > 1
                  ? narrowClock(item.box.startMinute, locale)
                  : `${label} · ${a.visit_schedule_type === 'WalkIn' ? t('schedule.grid.walkIn') : type}`}
              </span>{' '}
              <span className={item.box.height >= 54 ? 'sg-meta' : 'sg-hidden'}>{status}</span>
            </button>
          );
        }
        if (item.kind === 'held') {
          return (
            <div
              key={`held-${item.slot.start_date}`}
              className="sg-item sg-held"
              style={place(item.box)}
            >
              {t('schedule.grid.onHold')}
            </div>
          );
        }
        const start = minuteLabel(item.box.startMinute, true, locale);
        if (item.past) {
          return (
            <div
              key={`free-${item.slot.start_date}`}
              className="sg-item sg-free sg-past"
              style={place(item.box)}
              aria-hidden
            >
              {start}
            </div>
          );
        }
        const places = item.slot.booking_capacity;
        return (
          <button
            key={`free-${item.slot.start_date}`}
            type="button"
            className="sg-item sg-free"
            data-testid="schedule-free"
            data-start={item.slot.start_date}
            style={place(item.box)}
            aria-label={t('schedule.grid.bookAt', { who, time: start, count: places })}
            onClick={() => actions.onFree(column.calendar_id, item.slot.start_date)}
            onDragOver={allowDrop}
            onDragEnter={allowDrop}
            onDragLeave={(event) => event.currentTarget.classList.remove('sg-drop-over')}
            onDrop={(event) => {
              event.currentTarget.classList.remove('sg-drop-over');
              const appointmentId = event.dataTransfer.getData(DRAG_TYPE);
              if (!appointmentId || !event.currentTarget.closest('.sg-drop-zone')) return;
              event.preventDefault();
              markDropZones(event.currentTarget, null);
              actions.onMove(appointmentId, column.calendar_id, item.slot.start_date);
            }}
          >
            <span>
              {start}
              {item.slot.capacity > 1 ? ` · ${t('schedule.grid.left', { count: places })}` : ''}
            </span>
            <span className="sg-book" aria-hidden>
              {t('schedule.grid.book')}
            </span>
          </button>
        );
      })}
      {nowMinute >= firstMinute && nowMinute <= lastMinute && (
        <div
          className="sg-now"
          style={{ top: (nowMinute - firstMinute) * PX_PER_MINUTE }}
          aria-hidden
          data-testid="schedule-now"
        />
      )}
    </div>
  );
});
