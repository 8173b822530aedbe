import {
  type AppointmentInsurance,
  BOOKING_MESSAGES,
  type BookAppointmentDto,
  CALLED_OFF_STATUSES,
  VALIDATION_MESSAGES,
  visitFeeAmount,
  visitFeeApplies,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { type Decider, fold } from '../../domain/decider';
import { ForbiddenError, InvalidError } from '../../domain/domain-error';
import { DATABASE, type Database } from '../../infra/database/database';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import type { Principal } from '../identity/auth/principal';
import { screeningDecider, screeningStreamId } from '../intake/domain/screening.decider';
import {
  paymentSettingsDecider,
  paymentSettingsStreamId,
} from '../payments/domain/payment-settings.decider';
import { paymentDecider } from '../payments/domain/payment.decider';
import { paymentStreamId } from '../payments/domain/payment.events';
import { INSURANCES, INSURANCE_PLANS_BY_ID } from '../reference/lists.data';
import type { BookingExtras } from './domain/booking';

/** Insurances and plans a booking may name (the insurance list the wizard offers). */
const KNOWN_INSURANCES = new Set([
  ...INSURANCES.map((i) => i.name),
  ...[...INSURANCE_PLANS_BY_ID.values()].flat().map((p) => p.name),
]);

/**
 * What a booking brings along, from its request: the insurance choice, checked against the
 * insurance list (a member id only with an insurance), its screenings and its visit fee.
 */
export function bookingExtrasOf(dto: BookAppointmentDto): BookingExtras {
  return {
    insurance: insuranceOf(dto),
    screeningIds: [...new Set(dto.screening_ids ?? [])],
    paymentId: dto.payment_id ?? null,
  };
}

function insuranceOf(dto: BookAppointmentDto): AppointmentInsurance | null {
  const memberId = dto.member_id?.trim() || null;
  if (!dto.insurance_choice) {
    if (dto.insurance_name !== undefined || memberId) {
      throw new InvalidError(VALIDATION_MESSAGES.invalid, { insurance_choice: 'Required' });
    }
    return null;
  }
  if (dto.insurance_choice !== 'insurance') {
    if (dto.insurance_name !== undefined || memberId) {
      throw new InvalidError(VALIDATION_MESSAGES.invalid, {
        ...(dto.insurance_name !== undefined ? { insurance_name: 'Invalid' } : {}),
        ...(memberId ? { member_id: 'Invalid' } : {}),
      });
    }
    return { choice: dto.insurance_choice, insurance_name: null, member_id: null };
  }
  const name = dto.insurance_name?.trim() ?? '';
  if (!KNOWN_INSURANCES.has(name)) {
    throw new InvalidError(BOOKING_MESSAGES.insuranceUnknown, { insurance_name: 'Invalid' });
  }
  return { choice: 'insurance', insurance_name: name, member_id: memberId };
}

interface ProviderRules {
  readonly practice_id: string;
  readonly provider_id: string | null;
  readonly details: Record<string, unknown> | null;
  readonly visited: boolean | null;
}

/**
 * The rules a booking is held to beyond its slot, enforced here so that a direct API client
 * meets what the wizard does: a patient books a provider restricted to existing patients only
 * when they have been seen there, and pays a visit fee that is due before booking; screenings
 * and payments named must be this patient's, for this calendar.
 */
@Injectable()
export class BookingExtrasCheck {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async assertAllowed(input: {
    readonly caller: Principal | null;
    readonly calendarId: string;
    readonly patientId: string;
    readonly extras: BookingExtras;
  }): Promise<void> {
    const { caller, calendarId, patientId, extras } = input;
    const patientSide = caller?.type === 'Patient';
    const [rules] = await Promise.all([
      patientSide ? this.providerRules(calendarId, patientId) : Promise.resolve(null),
      this.assertScreenings(calendarId, [patientId, caller?.userId], extras.screeningIds),
    ]);
    const payment = extras.paymentId ? await this.payment(extras.paymentId) : null;
    if (payment) {
      const intent = payment.intent;
      const payer = caller?.userId;
      if (
        !intent ||
        payment.status !== 'authorized' ||
        intent.calendar_id !== calendarId ||
        (intent.paid_by !== payer && intent.patient_id !== patientId)
      ) {
        throw new InvalidError(BOOKING_MESSAGES.paymentNotForBooking, { payment_id: 'Invalid' });
      }
    }
    if (!rules) return;
    const details = rules.details ?? {};
    if (details.allow_existing_patients_only === true && !rules.visited) {
      throw new ForbiddenError(BOOKING_MESSAGES.establishedPatientsOnly);
    }
    if (details.enable_visit_fee !== true) return;
    const settings = await this.folded(
      paymentSettingsStreamId(rules.practice_id),
      paymentSettingsDecider,
    );
    const amount = (value: unknown) => (typeof value === 'number' ? value : 0);
    const fee = {
      ...settings,
      enable_visit_fee: true,
      visit_amount: amount(details.visit_amount),
      insured_visit_amount: amount(details.insured_visit_amount),
    };
    const insured = extras.insurance?.choice === 'insurance';
    if (!visitFeeApplies(fee, insured) || !fee.online_payment_gateway) return;
    const due = visitFeeAmount(fee, insured);
    if (!payment?.intent) {
      throw new InvalidError(BOOKING_MESSAGES.visitFeeRequired, { payment_id: 'Required' });
    }
    if (Math.round(payment.intent.amount * 100) !== Math.round(due * 100)) {
      throw new InvalidError(BOOKING_MESSAGES.paymentNotForBooking, { payment_id: 'Invalid' });
    }
  }

  /** The calendar's provider settings, and whether the patient has been seen by that provider. */
  private async providerRules(
    calendarId: string,
    patientId: string,
  ): Promise<ProviderRules | null> {
    const { rows } = await sql<ProviderRules>`
      SELECT c.practice_id, c.provider_id, d.details,
             CASE WHEN (d.details->>'allow_existing_patients_only')::boolean THEN EXISTS (
               SELECT 1 FROM rm_appointments a
                WHERE a.patient_id = ${patientId} AND a.provider_id = c.provider_id
                  AND a.status <> ALL(${[...CALLED_OFF_STATUSES]}::text[])
             ) END AS visited
        FROM rm_calendars c
        LEFT JOIN rm_directory_entries d ON d.kind = 'provider' AND d.id = c.provider_id
       WHERE c.calendar_id = ${calendarId}`.execute(this.database.db);
    return rows[0] ?? null;
  }

  /**
   * The screenings were answered for this calendar about the patient, or by the caller under
   * their own id (a family member added in this very booking has no id yet when answering).
   */
  private async assertScreenings(
    calendarId: string,
    about: readonly (string | undefined)[],
    screeningIds: readonly string[],
  ): Promise<void> {
    const screenings = await Promise.all(
      screeningIds.map((id) => this.folded(screeningStreamId(id), screeningDecider)),
    );
    if (
      screenings.some((s) => !s || s.calendar_id !== calendarId || !about.includes(s.patient_id))
    ) {
      throw new InvalidError(BOOKING_MESSAGES.screeningNotForBooking, { screening_ids: 'Invalid' });
    }
  }

  private payment(paymentId: string) {
    return this.folded(paymentStreamId(paymentId), paymentDecider);
  }

  /** A short stream of another module, folded as it stands (no read model holds it). */
  private async folded<C, E extends { type: string; data: unknown }, S>(
    streamId: string,
    decider: Decider<C, E, S>,
  ): Promise<S> {
    const history = await this.store.readStream(streamId);
    return fold(decider, history as unknown as readonly E[]);
  }
}
