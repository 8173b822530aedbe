import type { WaitlistExistsQuery, WaitlistExistsView, WaitlistItemView } from '@medbook/contracts';
import { Injectable } from '@nestjs/common';
import { AccessPolicy } from '../identity/auth/access-policy';
import type { Principal } from '../identity/auth/principal';
import { UserAccounts } from '../identity/user-accounts';
import { SchedulingReader } from '../scheduling/queries/scheduling-reader';
import { WaitlistRepository } from './waitlist.repository';

/** The waiting lists' items, for who may see them. */
@Injectable()
export class WaitlistItemsQuery {
  constructor(
    private readonly repository: WaitlistRepository,
    private readonly calendars: SchedulingReader,
    private readonly policy: AccessPolicy,
    private readonly accounts: UserAccounts,
  ) {}

  /** A patient's items (their own and their family's); operators see any patient's. */
  async byPatient(caller: Principal, patientId: string): Promise<WaitlistItemView[]> {
    if (caller.type === 'Patient') {
      await this.policy.assertMayActForPatient(caller, patientId);
      if (patientId !== caller.userId) return this.repository.items({ patientIds: [patientId] });
      // The patient's own list shows their family members' items too.
      const family = (await this.accounts.load(caller.userId)).family.map((m) => m.member_id);
      return this.repository.items({ patientIds: [patientId, ...family] });
    }
    return this.repository.items({ patientIds: [patientId] });
  }

  /** A calendar's line, in order: its practice's users only. */
  async byCalendar(caller: Principal, calendarId: string): Promise<WaitlistItemView[]> {
    const settings = await this.calendars.calendar(calendarId);
    this.policy.assertMayWorkForPractice(caller, settings.practice_id);
    return this.repository.items({ calendarId });
  }

  /** Every calendar's line of a practice, in order per calendar: its users only. */
  byPractice(caller: Principal, practiceId: string): Promise<WaitlistItemView[]> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    return this.repository.items({ practiceId });
  }

  /** Is the patient (the caller by default) on this calendar's list? */
  async exists(caller: Principal, query: WaitlistExistsQuery): Promise<WaitlistExistsView> {
    const patientId = query.patient_id ?? caller.userId;
    if (caller.type === 'Patient') {
      await this.policy.assertMayActForPatient(caller, patientId);
    } else {
      const settings = await this.calendars.calendar(query.calendar_id);
      this.policy.assertMayWorkForPractice(caller, settings.practice_id);
    }
    const [item] = await this.repository.items({
      patientIds: [patientId],
      calendarId: query.calendar_id,
    });
    return { exists: !!item, item: item ?? null };
  }
}
