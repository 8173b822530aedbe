import type { CustomFormView, DemographicsView } from '@medbook/contracts';
import { INTAKE_MESSAGES } from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { fold } from '../../domain/decider';
import { NotFoundError } from '../../domain/domain-error';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import { AccessPolicy } from '../identity/auth/access-policy';
import type { Principal } from '../identity/auth/principal';
import { customForm, customFormCatalogue } from './custom-forms.catalogue';
import {
  type DemographicsEvent,
  demographicsDecider,
  demographicsStreamId,
  emptyDemographics,
} from './domain/demographics.decider';
import { IntakeRepository } from './intake.repository';

/** What the wizard's intake steps show: a calendar's forms and a patient's demographics. */
@Injectable()
export class IntakeQueries {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly repository: IntakeRepository,
    private readonly policy: AccessPolicy,
  ) {}

  async customForms(calendarId: string): Promise<CustomFormView[]> {
    const calendar = await this.repository.calendar(calendarId);
    if (!calendar) throw new NotFoundError(INTAKE_MESSAGES.calendarNotFound);
    return (calendar.custom_form_ids ?? []).map(customForm);
  }

  /** The forms the practice's calendars may ask for (the calendar editor's choice). */
  practiceForms(caller: Principal, practiceId: string): CustomFormView[] {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    return customFormCatalogue();
  }

  async demographics(caller: Principal, patientId: string): Promise<DemographicsView> {
    await this.policy.assertMayActForPatient(caller, patientId);
    // Demographics have no read model: the patient's one short stream is their current state.
    const history = await this.store.readStream(demographicsStreamId(patientId));
    const state = fold(demographicsDecider, history as readonly DemographicsEvent[]);
    return state ?? emptyDemographics(patientId);
  }
}
