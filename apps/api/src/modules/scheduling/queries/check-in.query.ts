import {
  appointmentCode,
  type CheckInPassView,
  KIOSK_MESSAGES,
  type KioskAppointmentView,
  type KioskLookupQuery,
  type KioskLookupResult,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { DomainError, InvalidError } from '../../../domain/domain-error';
import { CLOCK, type Clock } from '../../../infra/clock';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { CheckInRepository, type KioskKey, type KioskRow } from '../check-in.repository';
import { checkInWindow, patientsMayCheckIn } from '../domain/check-in-window';
import { SchedulingReader } from './scheduling-reader';

/** Lookups one kiosk (one signed-in practice user) may make per minute. */
export const KIOSK_LOOKUPS_PER_MINUTE = 20;

/** The check-in pass, and the kiosk's lookup of the patient standing at the door. */
@Injectable()
export class CheckInQuery {
  /** Each practice user's recent lookups (ms), in this process: enough to stop guessing. */
  private readonly lookups = new Map<string, number[]>();

  constructor(
    private readonly reader: SchedulingReader,
    private readonly repository: CheckInRepository,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Status and times from the appointment's own stream; names from the read model. */
  async pass(caller: Principal, appointmentId: string): Promise<CheckInPassView> {
    const { details } = await this.reader.appointment(appointmentId);
    await this.policy.assertMayReachAppointment(caller, details);
    const [calendar, names] = await Promise.all([
      this.reader.calendar(details.calendar_id),
      this.repository.names(details.patient_id, details.provider_id),
    ]);
    const window = checkInWindow(details.start_date, calendar);
    return {
      appointment_id: details.appointment_id,
      code: appointmentCode(details.appointment_id),
      status: details.status,
      start_date: details.start_date,
      end_date: details.end_date,
      time_zone: details.time_zone,
      visit_type: details.visit_type,
      reason: details.reason,
      patient_name: names.patient_name,
      provider_name: names.provider_name ?? calendar.name,
      check_in_opens_at: window.opens_at.toISOString(),
      check_in_closes_at: window.closes_at.toISOString(),
      patient_check_in: patientsMayCheckIn(details, calendar),
    };
  }

  /**
   * Today's visits of the practice (each in its facility's zone) that match the code, or the last
   * name and birth date: only a first name, an initial, the time and the provider.
   */
  async kiosk(
    caller: Principal,
    practiceId: string,
    query: KioskLookupQuery,
  ): Promise<KioskLookupResult> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const key = kioskKey(query);
    this.countLookup(caller.userId);
    const now = this.clock.now();
    // Whatever the zone, its today lies within a day of now on either side.
    const day = 24 * 3_600_000;
    const rows = await this.repository.arriving(
      practiceId,
      new Date(now.getTime() - day),
      new Date(now.getTime() + day),
      key,
    );
    return { appointments: rows.filter((row) => isToday(row, now)).map(kioskView) };
  }

  private countLookup(userId: string): void {
    const now = this.clock.now().getTime();
    const recent = (this.lookups.get(userId) ?? []).filter((at) => at > now - 60_000);
    if (recent.length >= KIOSK_LOOKUPS_PER_MINUTE) {
      this.lookups.set(userId, recent);
      throw new DomainError('rate_limited', KIOSK_MESSAGES.tooMany);
    }
    this.lookups.set(userId, [...recent, now]);
    // Users who stopped looking up are forgotten once the map grows.
    if (this.lookups.size > 10_000) {
      for (const [user, times] of this.lookups) {
        if (times.every((at) => at <= now - 60_000)) this.lookups.delete(user);
      }
    }
  }
}

/** A code, or a last name with a birth date: anything less finds nobody (400). */
function kioskKey(query: KioskLookupQuery): KioskKey {
  if (query.code) return { code: query.code };
  const lastName = query.last_name?.trim();
  if (lastName && query.birth_date) return { lastName, birthDate: query.birth_date };
  throw new InvalidError(KIOSK_MESSAGES.lookup);
}

function isToday(row: KioskRow, now: Date): boolean {
  const zone = row.time_zone;
  return (
    DateTime.fromJSDate(row.start_date, { zone }).toISODate() ===
    DateTime.fromJSDate(now, { zone }).toISODate()
  );
}

function kioskView(row: KioskRow): KioskAppointmentView {
  return {
    appointment_id: row.appointment_id,
    first_name: row.first_name ?? '',
    last_initial: (row.last_name ?? '').trim().charAt(0).toUpperCase(),
    start_date: row.start_date.toISOString(),
    time_zone: row.time_zone,
    provider_name: row.provider_name,
    checked_in: row.status === 'Checked-In',
  };
}
