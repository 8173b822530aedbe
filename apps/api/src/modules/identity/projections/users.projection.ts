import type { RecordedEvent } from '@medbook/event-store';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import {
  type Columns,
  ignoring,
  rowsInsert,
  updating,
  writeTogether,
} from '../../../infra/projections/bulk-rows';
import type { UserEvent } from '../domain/user.events';

const USER_EVENTS = new Set<string>([
  'UserRegistered',
  'UserRoleChanged',
  'UserDisabled',
  'UserEnabled',
  'MobileNumberVerified',
  'SmsConsentsChanged',
  'FamilyMemberAdded',
  'PatientDetailsChanged',
  'FamilyMemberChanged',
] satisfies UserEvent['type'][]);

interface UserRow {
  user_id: string;
  type: string;
  email: string;
  first_name: string;
  last_name: string;
  middle_name: string | null;
  birth_date: string | null;
  gender: string | null;
  mobile_number: string | null;
  is_mobile_verified: boolean;
  zip_code: string | null;
  time_zone: string | null;
  practice_id: string | null;
  sms_alerts_consent: boolean;
  otp_consent: boolean;
  social_provider: string | null;
  disabled: boolean;
  registered_at: Date | string;
  position: number | string;
}

const USER_COLUMNS: Columns<UserRow> = {
  user_id: 'uuid',
  type: 'text',
  email: 'text',
  first_name: 'text',
  last_name: 'text',
  middle_name: 'text',
  birth_date: 'text',
  gender: 'text',
  mobile_number: 'text',
  is_mobile_verified: 'boolean',
  zip_code: 'text',
  time_zone: 'text',
  practice_id: 'uuid',
  sms_alerts_consent: 'boolean',
  otp_consent: 'boolean',
  social_provider: 'text',
  disabled: 'boolean',
  registered_at: 'timestamptz',
  position: 'bigint',
};

interface FamilyMemberRow {
  member_id: string;
  patient_id: string;
  relationship: string;
  first_name: string;
  last_name: string;
  middle_name: string | null;
  birth_date: string | null;
  gender: string | null;
  added_at: string;
  position: number;
}

const MEMBER_COLUMNS: Columns<FamilyMemberRow> = {
  member_id: 'uuid',
  patient_id: 'uuid',
  relationship: 'text',
  first_name: 'text',
  last_name: 'text',
  middle_name: 'text',
  birth_date: 'text',
  gender: 'text',
  added_at: 'timestamptz',
  position: 'bigint',
};

/**
 * rm_users and rm_family_members, from the user-<id> streams. A batch is told in memory: the
 * users its events name are read in one statement, changed in log order as each event would
 * change its row, and written back with the new family members in one more. `apply` is a batch
 * of one event.
 */
export const usersProjection: Projection = {
  name: 'users',
  tables: ['rm_users', 'rm_family_members'],
  apply(recorded: RecordedEvent, context: ProjectionContext): Promise<void> {
    return applyUsers([recorded], context.trx);
  },
  applyAll(events: readonly RecordedEvent[], context: ProjectionContext): Promise<void> {
    return applyUsers(events, context.trx);
  },
};

async function applyUsers(recorded: readonly RecordedEvent[], trx: Transaction<DB>): Promise<void> {
  const events = recorded.filter((e) => USER_EVENTS.has(e.type));
  if (events.length === 0) return;
  const ids = new Set<string>();
  const changedMemberIds = new Set<string>();
  for (const { type, data } of events) {
    if (type === 'FamilyMemberChanged')
      changedMemberIds.add((data as { member_id: string }).member_id);
    else if (type !== 'FamilyMemberAdded') ids.add((data as { user_id: string }).user_id);
  }
  const users = new Map<string, UserRow>();
  if (ids.size > 0) {
    const stored = await trx
      .selectFrom('rm_users')
      .selectAll()
      .where(sql<boolean>`user_id = ANY(${[...ids]}::uuid[])`)
      .execute();
    for (const row of stored) users.set(row.user_id, row);
  }
  const changed = new Map<string, UserRow>();
  // A member already added keeps its first row (the insert does nothing on conflict).
  const members = new Map<string, FamilyMemberRow>();
  // Members whose details changed: their rows as stored, changed in log order, written back.
  const storedMembers = new Map<string, FamilyMemberRow>();
  if (changedMemberIds.size > 0) {
    const stored = await trx
      .selectFrom('rm_family_members')
      .selectAll()
      .where(sql<boolean>`member_id = ANY(${[...changedMemberIds]}::uuid[])`)
      .execute();
    for (const row of stored) {
      storedMembers.set(row.member_id, {
        ...row,
        added_at: new Date(row.added_at).toISOString(),
        position: Number(row.position),
      });
    }
  }
  const changedMembers = new Map<string, FamilyMemberRow>();
  for (const e of events) {
    const event = { type: e.type, data: e.data } as UserEvent;
    const position = e.globalPosition;
    if (event.type === 'FamilyMemberAdded') {
      const d = event.data;
      if (!members.has(d.member_id)) {
        members.set(d.member_id, {
          member_id: d.member_id,
          patient_id: d.patient_id,
          relationship: d.relationship,
          first_name: d.first_name,
          last_name: d.last_name,
          middle_name: d.middle_name ?? null,
          birth_date: d.birth_date ?? null,
          gender: d.gender ?? null,
          added_at: d.added_at,
          position,
        });
      }
      continue;
    }
    if (event.type === 'FamilyMemberChanged') {
      const d = event.data;
      // Added in this batch: its new row takes the change; else the stored row, if any.
      const member = members.get(d.member_id) ?? storedMembers.get(d.member_id);
      if (!member) continue;
      Object.assign(member, d.after);
      member.position = position;
      if (!members.has(d.member_id)) changedMembers.set(d.member_id, member);
      continue;
    }
    if (event.type === 'UserRegistered') {
      const d = event.data;
      // Registered already: the insert does nothing on conflict.
      if (users.has(d.user_id)) continue;
      const row: UserRow = {
        user_id: d.user_id,
        type: d.type,
        email: d.email,
        first_name: d.first_name,
        last_name: d.last_name,
        middle_name: d.middle_name ?? null,
        birth_date: d.birth_date ?? null,
        gender: d.gender ?? null,
        mobile_number: d.mobile_number ?? null,
        is_mobile_verified: false,
        zip_code: d.zip_code ?? null,
        time_zone: d.time_zone ?? null,
        practice_id: d.practice_id ?? null,
        sms_alerts_consent: d.sms_alerts_consent ?? false,
        otp_consent: false,
        social_provider: d.social_provider ?? null,
        disabled: false,
        registered_at: d.registered_at,
        position,
      };
      users.set(d.user_id, row);
      changed.set(d.user_id, row);
      continue;
    }
    // An update of a user the read model does not have changes nothing.
    const user = users.get(event.data.user_id);
    if (!user) continue;
    changed.set(event.data.user_id, user);
    user.position = position;
    switch (event.type) {
      case 'UserRoleChanged':
        user.type = event.data.type;
        user.practice_id = event.data.practice_id;
        break;
      case 'UserDisabled':
        user.disabled = true;
        break;
      case 'UserEnabled':
        user.disabled = false;
        break;
      case 'MobileNumberVerified':
        user.mobile_number = event.data.mobile_number;
        user.is_mobile_verified = true;
        break;
      case 'SmsConsentsChanged':
        user.sms_alerts_consent = event.data.sms_alerts_consent;
        user.otp_consent = event.data.otp_consent;
        break;
      case 'PatientDetailsChanged':
        Object.assign(user, event.data.after);
        // A new number is verified anew.
        if ('mobile_number' in event.data.after) user.is_mobile_verified = false;
        break;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  }
  const writes: RawBuilder<unknown>[] = [];
  if (changed.size > 0) {
    const columns = Object.keys(USER_COLUMNS).filter((column) => column !== 'user_id');
    writes.push(
      rowsInsert('rm_users', USER_COLUMNS, [...changed.values()], updating(['user_id'], columns)),
    );
  }
  if (members.size > 0) {
    writes.push(
      rowsInsert(
        'rm_family_members',
        MEMBER_COLUMNS,
        [...members.values()],
        ignoring(['member_id']),
      ),
    );
  }
  if (changedMembers.size > 0) {
    const columns = Object.keys(MEMBER_COLUMNS).filter((column) => column !== 'member_id');
    writes.push(
      rowsInsert(
        'rm_family_members',
        MEMBER_COLUMNS,
        [...changedMembers.values()],
        updating(['member_id'], columns),
      ),
    );
  }
  await writeTogether(trx, writes);
}
