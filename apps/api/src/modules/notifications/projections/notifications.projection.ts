import type { AppointmentStatus, NotificationType } from '@medbook/contracts';
import type { RecordedEvent } from '@medbook/event-store';
import {
  type Projection,
  type ProjectionContext,
  statementChunks,
} from '../../../infra/projections/projection';
import type { AppointmentEvent } from '../../scheduling/domain/appointment.events';
import {
  CALENDAR_CHANGE_TYPES,
  type CalendarSettings,
  isCalendarChange,
} from '../../scheduling/domain/calendar.events';
import { countNotifications } from '../queries/notification-counts';
import { instant } from '../queries/instant';
import { actorOf, applyBatch, type NotifyingEvent } from './notifications.batch';
import { countInserted, markSeen } from './notification-new-days';

const EVENTS = new Set<string>([
  'CalendarCreated',
  ...CALENDAR_CHANGE_TYPES,
  'AppointmentBooked',
  'AppointmentStatusChanged',
  'AppointmentCanceled',
  'AppointmentRescheduled',
  'NotificationsSeen',
] satisfies NotifyingEvent['type'][]);

interface Raised {
  readonly type: NotificationType;
  readonly appointmentId: string;
  readonly at: string;
  /** A reschedule's former start. */
  readonly fromStart?: string | null;
}

/**
 * rm_notifications: one notification for the practice per booking, request, cancel and
 * reschedule, its id the id of the event that raised it; New until a NotificationsSeen names it.
 * After commit, `practice:<id>` gets each new notification, the bell and requests counts, and
 * the accept/reject setting of a provider's calendar.
 */
export const notificationsProjection: Projection = {
  name: 'notifications',
  tables: [
    'rm_notifications',
    'rm_notification_appointments',
    'rm_notification_calendars',
    'rm_notification_new_days',
  ],
  lookupIndexes: ['rm_notifications_appointment_idx'],
  /**
   * The batch folded in memory (see applyBatch): one read per table, a few multi-row writes, the
   * same for live batches and replay. Then each practice's counts once, as the batch's commit
   * makes them true.
   */
  async applyAll(events: readonly RecordedEvent[], context: ProjectionContext): Promise<void> {
    const countsDue = await applyBatch(events, context, EVENTS);
    for (const [practiceId, recorded] of countsDue) {
      await publishCounts(context, practiceId, recorded);
    }
  },
  /** Event by event, a statement per change: what a batch must leave and send. */
  async apply(recorded: RecordedEvent, context: ProjectionContext): Promise<void> {
    if (!EVENTS.has(recorded.type)) return;
    const event = { type: recorded.type, data: recorded.data } as NotifyingEvent;
    const { trx } = context;
    const position = recorded.globalPosition;
    if (isCalendarChange(event)) {
      const enabled = (event.data.after as Partial<CalendarSettings>).accept_reject_enabled;
      if (enabled === undefined) return;
      const calendar = await trx
        .updateTable('rm_notification_calendars')
        .set({ accept_reject_enabled: enabled, position })
        .where('calendar_id', '=', event.data.calendar_id)
        .returning(['practice_id', 'provider_id'])
        .executeTakeFirst();
      if (calendar)
        publishSetting(context, calendar.practice_id, calendar.provider_id, enabled, position);
      return;
    }
    switch (event.type) {
      case 'CalendarCreated': {
        const d = event.data;
        await trx
          .insertInto('rm_notification_calendars')
          .values({
            calendar_id: d.calendar_id,
            practice_id: d.practice_id,
            provider_id: d.provider_id,
            accept_reject_enabled: d.accept_reject_enabled,
            position,
          })
          .onConflict((oc) => oc.column('calendar_id').doNothing())
          .execute();
        publishSetting(context, d.practice_id, d.provider_id, d.accept_reject_enabled, position);
        return;
      }
      case 'AppointmentBooked':
        return applyBookings([recorded], context);
      case 'AppointmentStatusChanged': {
        const d = event.data;
        const appointment = await setStatus(context, d.appointment_id, d.status, position);
        // Accepting or rejecting a request takes it off every staff member's requests count.
        if (appointment && (d.from === 'Pending' || d.status === 'Pending'))
          await publishCounts(context, appointment.practice_id, recorded);
        return;
      }
      case 'AppointmentCanceled': {
        const d = event.data;
        await setStatus(context, d.appointment_id, 'Canceled', position);
        await raise(recorded, context, {
          type: 'Canceled',
          appointmentId: d.appointment_id,
          at: d.canceled_at,
        });
        return;
      }
      case 'AppointmentRescheduled': {
        const d = event.data;
        await trx
          .updateTable('rm_notification_appointments')
          .set({ start_date: d.start_date, position })
          .where('appointment_id', '=', d.appointment_id)
          .execute();
        await raise(recorded, context, {
          type: 'Rescheduled',
          appointmentId: d.appointment_id,
          at: d.rescheduled_at,
          fromStart: d.from_start,
        });
        return;
      }
      case 'NotificationsSeen': {
        const d = event.data;
        await markSeen(
          trx,
          [...new Set(d.notification_ids)].map((id) => ({
            practiceId: d.practice_id,
            id,
            position,
          })),
        );
        await publishCounts(context, d.practice_id, recorded);
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

/** The appointment's status, on itself and on every notification about it. */
async function setStatus(
  { trx }: ProjectionContext,
  appointmentId: string,
  status: AppointmentStatus,
  position: number,
): Promise<{ practice_id: string } | undefined> {
  await trx
    .updateTable('rm_notifications')
    .set({ appointment_status: status })
    .where('appointment_id', '=', appointmentId)
    .execute();
  return trx
    .updateTable('rm_notification_appointments')
    .set({ status, position })
    .where('appointment_id', '=', appointmentId)
    .returning('practice_id')
    .executeTakeFirst();
}

/**
 * Bookings, consecutive in the log: their appointments inserted, read back (one that was already
 * there keeps its own status) and a notification raised for each, in three statements.
 */
async function applyBookings(
  events: readonly RecordedEvent[],
  context: ProjectionContext,
): Promise<void> {
  const booked = events.map((recorded) => ({
    recorded,
    data: recorded.data as Extract<AppointmentEvent, { type: 'AppointmentBooked' }>['data'],
  }));
  for (const rows of statementChunks(booked)) {
    await context.trx
      .insertInto('rm_notification_appointments')
      .values(
        rows.map(({ recorded, data: d }) => ({
          appointment_id: d.appointment_id,
          practice_id: d.practice_id,
          provider_id: d.provider_id,
          resource_id: d.resource_id,
          patient_id: d.patient_id,
          status: d.status,
          start_date: d.start_date,
          position: recorded.globalPosition,
        })),
      )
      .onConflict((oc) => oc.column('appointment_id').doNothing())
      .execute();
  }
  await raiseAll(
    context,
    booked.map(({ recorded, data: d }) => ({
      recorded,
      type: d.status === 'Pending' ? 'Requested' : 'Booked',
      appointmentId: d.appointment_id,
      at: d.booked_at,
    })),
  );
}

async function raise(
  recorded: RecordedEvent,
  context: ProjectionContext,
  raised: Raised,
): Promise<void> {
  await raiseAll(context, [{ recorded, ...raised }]);
}

/** Notifications about appointments in the read model, in log order: one select, one insert. */
async function raiseAll(
  context: ProjectionContext,
  raised: readonly (Raised & { readonly recorded: RecordedEvent })[],
): Promise<void> {
  for (const part of statementChunks(raised)) {
    const found = await context.trx
      .selectFrom('rm_notification_appointments')
      .selectAll()
      .where('appointment_id', 'in', [...new Set(part.map((r) => r.appointmentId))])
      .execute();
    const appointments = new Map(found.map((a) => [a.appointment_id, a]));
    const rows = part.flatMap(({ recorded, ...r }) => {
      const appointment = appointments.get(r.appointmentId);
      return appointment ? [{ recorded, raised: r, appointment }] : [];
    });
    if (rows.length === 0) continue;
    const inserted = await context.trx
      .insertInto('rm_notifications')
      .values(
        rows.map(({ recorded, raised: r, appointment }) => ({
          notification_id: recorded.id,
          practice_id: appointment.practice_id,
          provider_id: appointment.provider_id,
          resource_id: appointment.resource_id,
          patient_id: appointment.patient_id,
          appointment_id: appointment.appointment_id,
          notification_type: r.type,
          notification_status: 'New' as const,
          appointment_status: appointment.status,
          appointment_start_date: appointment.start_date,
          notification_date: r.at,
          position: recorded.globalPosition,
          ...actorOf(recorded),
          from_start_date: r.fromStart ?? null,
        })),
      )
      .onConflict((oc) => oc.column('notification_id').doNothing())
      .returning(['practice_id', 'notification_date', 'notification_status'])
      .execute();
    await countInserted(context.trx, inserted);
    for (const { recorded, appointment } of rows) {
      context.publish(`practice:${appointment.practice_id}`, 'notification.added', {
        practiceId: appointment.practice_id,
        providerId: appointment.provider_id,
        resourceId: appointment.resource_id,
        patientId: appointment.patient_id,
        id: recorded.id,
        appointmentId: appointment.appointment_id,
        notificationStatus: 'New',
        appointmentStatus: appointment.status as AppointmentStatus,
        appointmentStartDate: instant(appointment.start_date),
        position: recorded.globalPosition,
      });
      await publishCounts(context, appointment.practice_id, recorded);
    }
  }
}

/** Counted inside the batch's transaction, so the numbers are those the commit makes true. */
async function publishCounts(
  context: ProjectionContext,
  practiceId: string,
  recorded: RecordedEvent,
): Promise<void> {
  if (context.replaying) return;
  const counts = await countNotifications(context.trx, practiceId, recorded.recordedAt);
  context.publish(`practice:${practiceId}`, 'notification.counts', {
    practiceId,
    ...counts,
    position: recorded.globalPosition,
  });
}

function publishSetting(
  context: ProjectionContext,
  practiceId: string,
  providerId: string | null,
  enabled: boolean,
  position: number,
): void {
  if (!providerId) return;
  context.publish(`practice:${practiceId}`, 'notification.settings', {
    userId: providerId,
    isAcceptRejectSettingEnabled: enabled,
    position,
  });
}
