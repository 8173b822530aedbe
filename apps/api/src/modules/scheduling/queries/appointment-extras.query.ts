import type {
  AppointmentInsurance,
  AppointmentScreeningView,
  OnlineVisitPaymentView,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { type Decider, fold } from '../../../domain/decider';
import { EVENT_STORE } from '../../../infra/event-store/event-store.provider';
import { customForm } from '../../intake/custom-forms.catalogue';
import {
  demographicsDecider,
  demographicsStreamId,
} from '../../intake/domain/demographics.decider';
import { screeningDecider, screeningStreamId } from '../../intake/domain/screening.decider';
import { paymentDecider } from '../../payments/domain/payment.decider';
import { paymentStreamId } from '../../payments/domain/payment.events';
import { SchedulingReader } from './scheduling-reader';

export interface AppointmentExtras {
  readonly insurance: AppointmentInsurance | null;
  readonly screenings: readonly AppointmentScreeningView[];
  readonly online_visit_payment: OnlineVisitPaymentView | null;
}

/**
 * What a booking came with, for the practice's appointment detail: the insurance chosen, the
 * screening answers (each question's text beside its answer) and the visit fee's state. They live
 * in the appointment's, the screenings' and the payment's own short streams, folded on read.
 */
@Injectable()
export class AppointmentExtrasQuery {
  constructor(
    private readonly reader: SchedulingReader,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async of(appointmentId: string): Promise<AppointmentExtras> {
    const { details } = await this.reader.appointment(appointmentId);
    const [screenings, payment] = await Promise.all([
      Promise.all((details.screening_ids ?? []).map((id) => this.screening(id))),
      details.payment_id ? this.payment(details.payment_id) : Promise.resolve(null),
    ]);
    return {
      insurance: details.insurance ?? null,
      screenings: screenings.filter((s): s is AppointmentScreeningView => s !== null),
      online_visit_payment: payment,
    };
  }

  /** The birth date the patient gave in the wizard's demographics (YYYY-MM-DD), if any. */
  async demographicBirthDate(patientId: string): Promise<string | null> {
    const demographics = await this.folded(demographicsStreamId(patientId), demographicsDecider);
    return demographics?.birth_date ?? null;
  }

  private async screening(screeningId: string): Promise<AppointmentScreeningView | null> {
    const screening = await this.folded(screeningStreamId(screeningId), screeningDecider);
    if (!screening) return null;
    const form = customForm(screening.form_id);
    const asked = new Set(form.questions.map((q) => q.id));
    return {
      screening_id: screening.screening_id,
      form_id: screening.form_id,
      title: form.title,
      submitted_at: screening.submitted_at,
      answers: [
        ...form.questions
          .filter((q) => screening.answers[q.id] !== undefined)
          .map((q) => ({ question: q.label, answer: screening.answers[q.id]! })),
        // Answers to questions the form no longer asks keep their question's id.
        ...Object.entries(screening.answers)
          .filter(([id]) => !asked.has(id))
          .map(([question, answer]) => ({ question, answer })),
      ],
    };
  }

  private async payment(paymentId: string): Promise<OnlineVisitPaymentView | null> {
    const payment = await this.folded(paymentStreamId(paymentId), paymentDecider);
    if (!payment.intent || !payment.status) return null;
    return {
      payment_id: payment.intent.payment_id,
      amount: payment.intent.amount,
      gateway: payment.intent.gateway,
      payment_status: payment.status,
      card_brand: payment.intent.card_brand,
      card_last4: payment.intent.card_last6.slice(-4),
    };
  }

  private async folded<C, E extends { type: string; data: unknown }, S>(
    streamId: string,
    decider: Decider<C, E, S>,
  ): Promise<S> {
    const history = await this.store.readStream(streamId);
    return fold(decider, history as unknown as readonly E[]);
  }
}
