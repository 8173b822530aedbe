import type { DigitalCheckInChange, InformationStep, RoomName } from '@medbook/contracts';
import type { RecordedEvent } from '@medbook/event-store';
import { sql } from 'kysely';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import type { AppointmentEvent } from '../../scheduling/domain/appointment.events';
import {
  CHECK_IN_EVENT_TYPES,
  type CheckInEvent,
  type ConsentPublished,
  type DigitalCheckInSettingsChanged,
} from '../domain/digital-check-in.events';
import {
  APPOINTMENT_EVENTS,
  applyAppointmentRun,
  publishAppointmentChange,
  publishSummary,
} from './digital-check-in.batch';

const CHECK_IN_EVENTS = new Set<string>(CHECK_IN_EVENT_TYPES);
/** What `apply` handles besides the appointment events. */
const OTHER_EVENTS = new Set<string>([
  ...CHECK_IN_EVENT_TYPES,
  'DigitalCheckInSettingsChanged',
  'ConsentPublished',
]);

/** The information step each event gives (a skip names its own). */
const STEP_OF: Partial<Record<CheckInEvent['type'], InformationStep>> = {
  EmergencyContactGiven: 'emergency-contact',
  PreferredPharmacyGiven: 'preferred-pharmacy',
  GovernmentIdUploaded: 'government-id',
  MedicalHistoryGiven: 'medical-history',
};

/**
 * Digital check-in's read side: providers' settings, practices' consents (latest version) and
 * each appointment's progress for the Check-In Summary. After its commit each change is pushed
 * to `appointment:<id>` (the patient's steps) and `practice:<id>` (the summary): through the
 * socket.io adapter, so every API process's clients hear it.
 */
export const digitalCheckInProjection: Projection = {
  name: 'digital-check-in',
  tables: ['rm_dci_settings', 'rm_dci_consents', 'rm_dci_appointments'],
  /**
   * Runs of appointment events (nearly all this projection sees) in three statements each
   * (digital-check-in.batch.ts); the rare settings, consent and check-in events one by one
   * between them, so the order is the log's.
   */
  async applyAll(events: readonly RecordedEvent[], context: ProjectionContext): Promise<void> {
    let run: RecordedEvent[] = [];
    for (const recorded of events) {
      if (APPOINTMENT_EVENTS.has(recorded.type)) {
        run.push(recorded);
      } else if (OTHER_EVENTS.has(recorded.type)) {
        await applyAppointmentRun(run, context);
        run = [];
        await digitalCheckInProjection.apply(recorded, context);
      }
    }
    await applyAppointmentRun(run, context);
  },
  /** Event by event: what a batch must leave and send. */
  async apply(recorded: RecordedEvent, context: ProjectionContext): Promise<void> {
    const position = recorded.globalPosition;
    const { trx } = context;
    switch (recorded.type) {
      case 'DigitalCheckInSettingsChanged': {
        const { data } = recorded as unknown as DigitalCheckInSettingsChanged;
        await trx
          .insertInto('rm_dci_settings')
          .values({
            provider_id: data.provider_id,
            practice_id: data.practice_id,
            settings: sql<string>`${JSON.stringify(data.settings)}::text::jsonb`,
            position,
          })
          .onConflict((oc) =>
            oc.column('provider_id').doUpdateSet({
              settings: sql<string>`excluded.settings`,
              practice_id: sql`excluded.practice_id`,
              position: sql`excluded.position`,
            }),
          )
          .execute();
        return;
      }
      case 'ConsentPublished': {
        const { data } = recorded as unknown as ConsentPublished;
        await trx
          .insertInto('rm_dci_consents')
          .values({
            consent_id: data.consent_id,
            practice_id: data.practice_id,
            title: data.title,
            body: data.text,
            version: data.version,
            required: data.required,
            updated_at: data.published_at,
            position,
          })
          .onConflict((oc) =>
            oc.column('consent_id').doUpdateSet({
              title: sql`excluded.title`,
              body: sql`excluded.body`,
              version: sql`excluded.version`,
              required: sql`excluded.required`,
              updated_at: sql`excluded.updated_at`,
              position: sql`excluded.position`,
            }),
          )
          .execute();
        return;
      }
      case 'AppointmentBooked': {
        const { data } = recorded as unknown as Extract<
          AppointmentEvent,
          { type: 'AppointmentBooked' }
        >;
        await trx
          .insertInto('rm_dci_appointments')
          .values({
            appointment_id: data.appointment_id,
            practice_id: data.practice_id,
            signed_consents: sql<string>`'{}'::jsonb`,
            arrived: data.status === 'Checked-In',
            forms_done: (data.screening_ids?.length ?? 0) > 0,
            position,
          })
          .onConflict((oc) => oc.column('appointment_id').doNothing())
          .execute();
        publishSummary(
          context,
          data.practice_id,
          data.appointment_id,
          'appointment.booked',
          position,
        );
        return;
      }
      case 'AppointmentStatusChanged':
      case 'AppointmentRescheduled':
      case 'AppointmentCanceled': {
        const event = recorded as unknown as AppointmentEvent;
        const arrived =
          event.type === 'AppointmentStatusChanged' && event.data.status === 'Checked-In';
        const row = await trx
          .updateTable('rm_dci_appointments')
          .set(arrived ? { arrived: true, awaiting_entry: false, position } : { position })
          .where('appointment_id', '=', event.data.appointment_id)
          .returning('practice_id')
          .executeTakeFirst();
        if (!row) return;
        const appointmentId = event.data.appointment_id;
        publishAppointmentChange(context, appointmentId, row.practice_id, arrived, position);
        return;
      }
      default:
        if (CHECK_IN_EVENTS.has(recorded.type)) {
          await applyCheckIn(recorded as unknown as CheckInEvent, position, context);
        }
    }
  },
};

async function applyCheckIn(
  event: CheckInEvent,
  position: number,
  context: ProjectionContext,
): Promise<void> {
  const { appointment_id: appointmentId, practice_id: practiceId } = event.data;
  const rooms: RoomName[] = [`appointment:${appointmentId}`, `practice:${practiceId}`];
  const upsert = (changes: {
    signed_consents?: ReturnType<typeof sql<unknown>>;
    copay_paid?: boolean;
    insurance_card?: ReturnType<typeof sql<unknown>>;
    insurance_card_sides?: ReturnType<typeof sql<unknown>>;
    forms_done?: boolean;
    arrived?: boolean;
    awaiting_entry?: boolean;
    ready?: boolean;
    information_steps?: ReturnType<typeof sql<unknown>>;
  }) =>
    context.trx
      .insertInto('rm_dci_appointments')
      .values({
        appointment_id: appointmentId,
        practice_id: practiceId,
        signed_consents: sql<string>`'{}'::jsonb`,
        position,
      })
      .onConflict((oc) => oc.column('appointment_id').doNothing())
      .execute()
      .then(() =>
        context.trx
          .updateTable('rm_dci_appointments')
          .set({ ...changes, position } as never)
          .where('appointment_id', '=', appointmentId)
          .execute(),
      );
  let change: DigitalCheckInChange;
  switch (event.type) {
    case 'ConsentSigned':
    case 'ConsentSignatureDeleted': {
      const signed = event.type === 'ConsentSigned';
      const { consent_id: consentId, version } = event.data;
      await upsert({
        signed_consents: signed
          ? sql`signed_consents || jsonb_build_object(${consentId}::text, ${version}::int)`
          : sql`signed_consents - ${consentId}::text`,
      });
      for (const room of rooms) {
        context.publish(room, 'check-in.consent', {
          appointment_id: appointmentId,
          practice_id: practiceId,
          consent_id: consentId,
          version,
          signed,
          position,
        });
      }
      change = signed ? 'consent.signed' : 'consent.deleted';
      break;
    }
    case 'CopayPaid': {
      await upsert({ copay_paid: true });
      for (const room of rooms) {
        context.publish(room, 'check-in.copay', {
          appointment_id: appointmentId,
          practice_id: practiceId,
          total: event.data.total,
          paid: event.data.amount,
          status: 'paid',
          transaction_intent: event.data.payment_id,
          position,
        });
      }
      change = 'copay.paid';
      break;
    }
    case 'InsuranceCardUploaded': {
      // The card counts once both sides are in (the patient's own view counts it so too).
      const sides = sql`(insurance_card_sides || ARRAY[${event.data.side}]::text[])`;
      await upsert({
        insurance_card_sides: sql`ARRAY(SELECT DISTINCT s FROM unnest(${sides}) s ORDER BY s)`,
        insurance_card: sql`${sides} @> ARRAY['back', 'front']::text[]`,
      });
      change = 'insurance-card.uploaded';
      break;
    }
    case 'CheckInFormsAnswered':
      await upsert({ forms_done: true });
      change = 'forms.done';
      break;
    case 'PatientArrived': {
      const d = event.data;
      await upsert({ arrived: true, awaiting_entry: d.awaiting_entry });
      const message = {
        appointment_id: appointmentId,
        practice_id: practiceId,
        patient_arrived: true,
        awaiting_entry: d.awaiting_entry,
        notify: d.notify_practice,
        position,
      };
      for (const room of rooms) context.publish(room, 'check-in.arrived', message);
      change = 'patient.arrived';
      break;
    }
    case 'PatientMarkedReady': {
      await upsert({ arrived: true, awaiting_entry: false, ready: true });
      const message = {
        appointment_id: appointmentId,
        practice_id: practiceId,
        text: event.data.text,
        position,
      };
      for (const room of rooms) context.publish(room, 'check-in.ready', message);
      change = 'patient.ready';
      break;
    }
    case 'EmergencyContactGiven':
    case 'PreferredPharmacyGiven':
    case 'GovernmentIdUploaded':
    case 'CheckInStepSkipped':
    case 'MedicalHistoryGiven': {
      const step =
        STEP_OF[event.type] ?? (event.type === 'CheckInStepSkipped' ? event.data.step : null);
      await upsert({
        information_steps: sql`ARRAY(SELECT DISTINCT s FROM unnest(information_steps || ARRAY[${step}]::text[]) s ORDER BY s)`,
      });
      change = 'information.given';
      break;
    }
    case 'CheckInChargesSet':
      // The patient's copay step reads what is due again.
      context.publish(`appointment:${appointmentId}`, 'check-in.summary', {
        appointment_id: appointmentId,
        practice_id: practiceId,
        change: 'charges.set',
        position,
      });
      return;
    case 'VendorAppointmentAdded':
      // The popup waits for this word to go to the vendor's check-in address.
      context.publish(`appointment:${appointmentId}`, 'check-in.added', {
        appointment_id: appointmentId,
        practice_id: practiceId,
        check_in_url: event.data.check_in_url,
        position,
      });
      return;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
  publishSummary(context, practiceId, appointmentId, change, position);
}
