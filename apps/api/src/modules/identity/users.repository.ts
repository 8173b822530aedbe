import type { FamilyMemberView } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { CLOCK, type Clock } from '../../infra/clock';
import { DATABASE, type Database } from '../../infra/database/database';
import type { FamilyMemberRow, UserRow } from '../../infra/database/database.types';

export interface Credential {
  readonly userId: string;
  readonly email: string;
  readonly passwordHash: string | null;
}

/** Credentials, social identities and the users / family read models. */
@Injectable()
export class UsersRepository {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async credentialByEmail(email: string): Promise<Credential | null> {
    const row = await this.database.db
      .selectFrom('auth_credentials')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    return row ? { userId: row.user_id, email: row.email, passwordHash: row.password_hash } : null;
  }

  async credentialOf(userId: string): Promise<Credential | null> {
    const row = await this.database.db
      .selectFrom('auth_credentials')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? { userId: row.user_id, email: row.email, passwordHash: row.password_hash } : null;
  }

  /** Writes (or replaces) a user's password hash. */
  async setCredential(userId: string, email: string, passwordHash: string | null): Promise<void> {
    await this.database.db
      .insertInto('auth_credentials')
      .values({ user_id: userId, email, password_hash: passwordHash, updated_at: this.clock.now() })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          password_hash: passwordHash,
          updated_at: this.clock.now(),
        }),
      )
      .execute();
  }

  async socialUser(provider: string, subject: string): Promise<string | null> {
    const row = await this.database.db
      .selectFrom('auth_social_identities')
      .select('user_id')
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  async linkSocial(provider: string, subject: string, userId: string): Promise<void> {
    await this.database.db
      .insertInto('auth_social_identities')
      .values({ provider, subject, user_id: userId })
      .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
      .execute();
  }

  user(userId: string): Promise<UserRow | undefined> {
    return this.database.db
      .selectFrom('rm_users')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  practiceUsers(practiceId: string): Promise<UserRow[]> {
    return this.database.db
      .selectFrom('rm_users')
      .selectAll()
      .where('practice_id', '=', practiceId)
      .orderBy('last_name')
      .orderBy('first_name')
      .execute();
  }

  async familyMembers(patientId: string): Promise<FamilyMemberView[]> {
    const rows = await this.database.db
      .selectFrom('rm_family_members')
      .selectAll()
      .where('patient_id', '=', patientId)
      .orderBy('added_at')
      .execute();
    return rows.map(familyMemberView);
  }

  /** Has the patient ever had an appointment (any status) with the practice? */
  async hasAppointmentWith(patientId: string, practiceId: string): Promise<boolean> {
    const row = await this.database.db
      .selectFrom('rm_appointments')
      .select(sql<number>`1`.as('one'))
      .where('patient_id', '=', patientId)
      .where('practice_id', '=', practiceId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async familyMember(memberId: string): Promise<FamilyMemberRow | undefined> {
    return this.database.db
      .selectFrom('rm_family_members')
      .selectAll()
      .where('member_id', '=', memberId)
      .executeTakeFirst();
  }
}

export function familyMemberView(row: FamilyMemberRow): FamilyMemberView {
  return {
    id: row.member_id,
    patient_id: row.patient_id,
    relationship: row.relationship,
    first_name: row.first_name,
    last_name: row.last_name,
    middle_name: row.middle_name,
    full_name: [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(' '),
    birth_date: row.birth_date,
    gender: row.gender,
    added_at: row.added_at.toISOString(),
  };
}
