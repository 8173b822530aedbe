import type {
  AppointmentStatus,
  NotificationCountsMessage,
  NotificationStatus,
  NotificationType,
  NotificationView,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Database } from '../../../infra/database/database';
import { readCheckpoint } from '../../../infra/projections/projection-checkpoints';
import { notificationsProjection } from '../projections/notifications.projection';
import { instant } from './instant';
import { countNotifications } from './notification-counts';

/** The practice's notifications with the names the panel shows, read at query time. */
@Injectable()
export class NotificationsRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** Newest first, `from` inclusive and `to` exclusive. */
  async list(practiceId: string, from: Date, to: Date): Promise<NotificationView[]> {
    const rows = await this.named()
      .where('n.practice_id', '=', practiceId)
      .where('n.notification_date', '>=', from)
      .where('n.notification_date', '<', to)
      .orderBy('n.notification_date', 'desc')
      .orderBy('n.position', 'desc')
      .execute();
    return rows.map(notificationView);
  }

  async one(practiceId: string, notificationId: string): Promise<NotificationView | null> {
    const row = await this.named()
      .where('n.practice_id', '=', practiceId)
      .where('n.notification_id', '=', notificationId)
      .executeTakeFirst();
    return row ? notificationView(row) : null;
  }

  /** The counts as of one snapshot, with the position it reflects (to order it among pushes). */
  counts(practiceId: string, now: Date): Promise<NotificationCountsMessage> {
    return this.database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const checkpoint = await readCheckpoint(trx, notificationsProjection.name);
        const counts = await countNotifications(trx, practiceId, now);
        return { practiceId, ...counts, position: checkpoint.position };
      });
  }

  /** The ids that name no notification of this practice. */
  async unknownIds(practiceId: string, ids: readonly string[]): Promise<string[]> {
    const known = await this.database.db
      .selectFrom('rm_notifications')
      .select('notification_id')
      .where('practice_id', '=', practiceId)
      .where('notification_id', 'in', ids)
      .execute();
    const found = new Set(known.map((row) => row.notification_id));
    return ids.filter((id) => !found.has(id));
  }

  /** The practice's zone for the default window; practices not in the directory count as UTC. */
  async practiceZone(practiceId: string): Promise<string> {
    const row = await this.database.db
      .selectFrom('rm_practices')
      .select('time_zone')
      .where('practice_id', '=', practiceId)
      .executeTakeFirst();
    return row?.time_zone ?? 'UTC';
  }

  private named() {
    return (
      this.database.db
        .selectFrom('rm_notifications as n')
        .leftJoin('rm_users as patient', 'patient.user_id', 'n.patient_id')
        .leftJoin('rm_family_members as member', 'member.member_id', 'n.patient_id')
        .leftJoin('rm_users as provider_user', 'provider_user.user_id', 'n.provider_id')
        .leftJoin('rm_directory_entries as provider', (join) =>
          join.onRef('provider.id', '=', 'n.provider_id').on('provider.kind', '=', 'provider'),
        )
        .leftJoin('rm_directory_entries as resource', (join) =>
          join.onRef('resource.id', '=', 'n.resource_id').on('resource.kind', '=', 'resource'),
        )
        // The actor's account (a 'system' actor has none) and the visit's zone.
        .leftJoin('rm_users as actor', (join) =>
          join.on(sql<boolean>`actor.user_id::text = n.actor_id`),
        )
        .leftJoin('rm_directory_entries as actor_entry', (join) =>
          join
            .on(sql<boolean>`actor_entry.id::text = n.actor_id`)
            .on('actor_entry.kind', '=', 'provider'),
        )
        .leftJoin('rm_appointments as visit', 'visit.appointment_id', 'n.appointment_id')
        .selectAll('n')
        .select([
          sql<string | null>`coalesce(patient.first_name, member.first_name)`.as('first_name'),
          sql<string | null>`coalesce(patient.last_name, member.last_name)`.as('last_name'),
          sql<
            string | null
          >`coalesce(provider.name, provider_user.first_name || ' ' || provider_user.last_name)`.as(
            'provider_name',
          ),
          'resource.name as resource_name',
          sql<
            string | null
          >`coalesce(actor_entry.name, actor.first_name || ' ' || actor.last_name)`.as(
            'actor_name',
          ),
          'visit.time_zone as time_zone',
          sql<
            string | null
          >`coalesce(provider.details->>'profile_picture_uri', resource.details->>'profile_picture_uri')`.as(
            'profile_picture_uri',
          ),
        ])
    );
  }
}

interface NamedRow {
  notification_id: string;
  practice_id: string;
  provider_id: string | null;
  resource_id: string | null;
  patient_id: string;
  appointment_id: string;
  notification_type: string;
  notification_status: string;
  appointment_status: string;
  appointment_start_date: Date;
  notification_date: Date;
  first_name: string | null;
  last_name: string | null;
  provider_name: string | null;
  resource_name: string | null;
  profile_picture_uri: string | null;
  actor_id: string | null;
  actor_role: string | null;
  actor_name: string | null;
  from_start_date: Date | null;
  time_zone: string | null;
}

function notificationView(row: NamedRow): NotificationView {
  return {
    id: row.notification_id,
    practice_id: row.practice_id,
    provider_id: row.provider_id,
    resource_id: row.resource_id,
    patient_id: row.patient_id,
    appointment_id: row.appointment_id,
    notification_type: row.notification_type as NotificationType,
    notification_status: row.notification_status as NotificationStatus,
    appointment_status: row.appointment_status as AppointmentStatus,
    appointment_start_date: instant(row.appointment_start_date),
    notification_date: instant(row.notification_date),
    patient_name: { first_name: row.first_name, last_name: row.last_name },
    provider_name: row.provider_name,
    resource_name: row.resource_name,
    profile_picture_uri: row.profile_picture_uri,
    actor: row.actor_id
      ? { user_id: row.actor_id, role: row.actor_role, name: row.actor_name }
      : null,
    from_start_date: row.from_start_date ? instant(row.from_start_date) : null,
    time_zone: row.time_zone,
  };
}
