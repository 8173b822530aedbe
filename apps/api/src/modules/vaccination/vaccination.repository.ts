import type { VaccinationView, VaccineKind } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '../../infra/database/database';

/** Who a passport names: an account holder, or a family member with their guardian. */
export interface PassportPerson {
  readonly patient_id: string;
  readonly name: string;
  readonly birth_date: string | null;
  readonly relationship: string | null;
}

const fullName = (row: { first_name: string; middle_name: string | null; last_name: string }) =>
  [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(' ');

/** The vaccinations read model and the people and practices it names. */
@Injectable()
export class VaccinationRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async vaccinations(patientId: string): Promise<VaccinationView[]> {
    const rows = await this.database.db
      .selectFrom('rm_vaccinations')
      .select([
        'vaccination_id',
        'patient_id',
        'vaccine_kind',
        'vaccine_name',
        'administered_on',
        'lot_number',
        'dose_number',
        'practice_id',
        'practice_name',
        'recorded_at',
      ])
      .where('patient_id', '=', patientId)
      .orderBy('administered_on')
      .orderBy('dose_number')
      .orderBy('recorded_at')
      .execute();
    return rows.map((row) => ({
      ...row,
      vaccine_kind: row.vaccine_kind as VaccineKind,
      recorded_at: row.recorded_at.toISOString(),
    }));
  }

  /** A family member, by id (accounts are read from their streams: VaccinationPeople). */
  async familyMember(memberId: string): Promise<PassportPerson | null> {
    const member = await this.database.db
      .selectFrom('rm_family_members')
      .select(['member_id', 'first_name', 'middle_name', 'last_name', 'birth_date', 'relationship'])
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return member
      ? {
          patient_id: member.member_id,
          name: fullName(member),
          birth_date: member.birth_date,
          relationship: member.relationship,
        }
      : null;
  }

  /** The account a family member belongs to. */
  async guardianOf(memberId: string): Promise<string | null> {
    const row = await this.database.db
      .selectFrom('rm_family_members')
      .select('patient_id')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return row?.patient_id ?? null;
  }

  async hasAppointmentAt(practiceId: string, patientId: string): Promise<boolean> {
    const row = await this.database.db
      .selectFrom('rm_appointments')
      .select('appointment_id')
      .where('practice_id', '=', practiceId)
      .where('patient_id', '=', patientId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async practiceName(practiceId: string): Promise<string | null> {
    const row = await this.database.db
      .selectFrom('rm_practices')
      .select('name')
      .where('practice_id', '=', practiceId)
      .executeTakeFirst();
    return row?.name ?? null;
  }
}
