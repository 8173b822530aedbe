import {
  type CustomFormView,
  type DemographicsView,
  type EligibilityView,
  INTAKE_MESSAGES,
  type SubmitScreeningDto,
  type UpdateDemographicsDto,
  type VerifyEligibilityDto,
  YES_NO_ANSWERS,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { CLOCK, type Clock } from '../../infra/clock';
import { CommandPipeline } from '../../infra/event-sourcing/command-pipeline';
import { type Decider, fold } from '../../domain/decider';
import { eventIdFor } from '../../infra/event-sourcing/event-ids';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import { DomainError, NotFoundError } from '../../domain/domain-error';
import type { RequestContext } from '../../infra/http/request-context';
import { AccessPolicy } from '../identity/auth/access-policy';
import type { Principal } from '../identity/auth/principal';
import {
  ETHNICITIES,
  INSURANCE_PLANS_BY_ID,
  INSURANCES,
  LANGUAGES,
  RACES,
} from '../reference/lists.data';
import { US_STATES } from '../reference/us-states.data';
import { customForm } from './custom-forms.catalogue';
import {
  type Demographics,
  demographicsDecider,
  demographicsStreamId,
  eligibilityDecider,
  eligibilityStreamId,
  emptyDemographics,
  screeningDecider,
  screeningStreamId,
} from './domain/intake.deciders';
import { ELIGIBILITY_PORT, type EligibilityPort } from './eligibility/eligibility-port';
import { IntakeRepository } from './intake.repository';

const known = (list: readonly { code: string }[], code: string | undefined) =>
  code === undefined || list.some((item) => item.code === code);

/** Screening answers, demographics and insurance eligibility: the wizard's intake steps. */
@Injectable()
export class IntakeService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(ELIGIBILITY_PORT) private readonly eligibility: EligibilityPort,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly pipeline: CommandPipeline,
    private readonly repository: IntakeRepository,
    private readonly policy: AccessPolicy,
  ) {}

  async customForms(calendarId: string): Promise<CustomFormView[]> {
    const calendar = await this.repository.calendar(calendarId);
    if (!calendar) throw new NotFoundError(INTAKE_MESSAGES.calendarNotFound);
    return (calendar.custom_form_ids ?? []).map(customForm);
  }

  async demographics(caller: Principal, patientId: string): Promise<DemographicsView> {
    await this.policy.assertMayActForPatient(caller, patientId);
    const { state } = await this.load(demographicsStreamId(patientId), demographicsDecider);
    return state ?? emptyDemographics(patientId);
  }

  async updateDemographics(
    caller: Principal,
    patientId: string,
    dto: UpdateDemographicsDto,
    context: RequestContext,
  ): Promise<DemographicsView> {
    await this.policy.assertMayActForPatient(caller, patientId);
    const errors: Record<string, string> = {};
    if (!known(RACES, dto.race_code)) errors.race_code = INTAKE_MESSAGES.unknownRace;
    if (!known(ETHNICITIES, dto.ethnicity_code)) {
      errors.ethnicity_code = INTAKE_MESSAGES.unknownEthnicity;
    }
    if (!known(LANGUAGES, dto.language_code))
      errors.language_code = INTAKE_MESSAGES.unknownLanguage;
    if (dto.birth_date !== undefined) {
      const birth = DateTime.fromISO(dto.birth_date, { zone: 'utc' });
      if (!birth.isValid) errors.birth_date = 'Please enter a real date of birth.';
      else if (birth.toJSDate() > this.clock.now()) {
        errors.birth_date = INTAKE_MESSAGES.birthDateInFuture;
      }
    }
    if (dto.address && !known(US_STATES, dto.address.state)) {
      errors.state = INTAKE_MESSAGES.unknownState;
    }
    const first = Object.values(errors)[0];
    if (first) throw new DomainError('invalid', first, errors);

    const { state } = await this.load(demographicsStreamId(patientId), demographicsDecider);
    const before = state ?? emptyDemographics(patientId);
    const demographics: Demographics = {
      race_code: dto.race_code ?? before.race_code,
      ethnicity_code: dto.ethnicity_code ?? before.ethnicity_code,
      language_code: dto.language_code ?? before.language_code,
      birth_date: dto.birth_date ?? before.birth_date,
      sex: dto.sex ?? before.sex,
      address: dto.address
        ? {
            address1: dto.address.address1,
            address2: dto.address.address2 ?? null,
            city: dto.address.city,
            state: dto.address.state,
            zip_code: dto.address.zip_code,
          }
        : before.address,
    };
    await this.pipeline.decideOn(demographicsStreamId(patientId), demographicsDecider, {
      command: { patientId, demographics, by: caller.userId, now: this.clock.now() },
      context,
      commandId: dto.command_id ?? null,
    });
    return this.demographics(caller, patientId);
  }

  async submitScreening(
    caller: Principal,
    calendarId: string,
    dto: SubmitScreeningDto,
    context: RequestContext,
  ): Promise<{ screening_id: string }> {
    await this.policy.assertMayActForPatient(caller, dto.patient_id);
    const calendar = await this.repository.calendar(calendarId);
    if (!calendar) throw new NotFoundError(INTAKE_MESSAGES.calendarNotFound);
    if (!(calendar.custom_form_ids ?? []).includes(dto.form_id)) {
      throw new DomainError('invalid', INTAKE_MESSAGES.formNotOnCalendar, { form_id: 'Invalid' });
    }
    const form = customForm(dto.form_id);
    const errors: Record<string, string> = {};
    for (const [id, value] of Object.entries(dto.answers)) {
      const question = form.questions.find((q) => q.id === id);
      if (!question) errors[id] = INTAKE_MESSAGES.unknownQuestion;
      else if (typeof value !== 'string') errors[id] = INTAKE_MESSAGES.answerRequired;
    }
    for (const question of form.questions) {
      const raw = dto.answers[question.id];
      const answer = typeof raw === 'string' ? raw.trim() : '';
      if (errors[question.id]) continue;
      if (question.required && answer === '') errors[question.id] = INTAKE_MESSAGES.answerRequired;
      else if (
        question.kind === 'yes_no' &&
        answer !== '' &&
        !(YES_NO_ANSWERS as readonly string[]).includes(answer)
      ) {
        errors[question.id] = INTAKE_MESSAGES.answerYesNo;
      }
    }
    const first = Object.values(errors)[0];
    if (first) throw new DomainError('invalid', first, errors);

    const screeningId = eventIdFor(
      dto.command_id ? `screening/${caller.userId}/${dto.command_id}` : null,
      -1,
    );
    const answers = Object.fromEntries(
      form.questions
        .filter((q) => typeof dto.answers[q.id] === 'string' && dto.answers[q.id]!.trim() !== '')
        .map((q) => [q.id, dto.answers[q.id]!.trim()]),
    );
    await this.pipeline.decideOn(screeningStreamId(screeningId), screeningDecider, {
      command: {
        screening: {
          screening_id: screeningId,
          calendar_id: calendarId,
          practice_id: calendar.practice_id,
          patient_id: dto.patient_id,
          form_id: dto.form_id,
          answers,
        },
        by: caller.userId,
        now: this.clock.now(),
      },
      context,
      commandId: dto.command_id ?? null,
    });
    return { screening_id: screeningId };
  }

  async verifyEligibility(
    caller: Principal,
    dto: VerifyEligibilityDto,
    context: RequestContext,
  ): Promise<EligibilityView> {
    await this.policy.assertMayActForPatient(caller, dto.patient_id);
    const calendar = await this.repository.calendar(dto.calendar_id);
    if (!calendar) throw new NotFoundError(INTAKE_MESSAGES.calendarNotFound);
    if (!calendar.enable_insurance_eligibility) {
      throw new DomainError('invalid', INTAKE_MESSAGES.eligibilityDisabled);
    }
    const insurance = INSURANCES.find((i) => i.id === dto.insurance_id);
    if (!insurance) {
      throw new DomainError('invalid', INTAKE_MESSAGES.unknownInsurance, {
        insurance_id: 'Invalid',
      });
    }
    const plan = INSURANCE_PLANS_BY_ID.get(insurance.id)?.find((p) => p.id === dto.plan_id);
    if (!plan)
      throw new DomainError('invalid', INTAKE_MESSAGES.unknownPlan, { plan_id: 'Invalid' });

    const now = this.clock.now();
    const outcome = await this.eligibility.check({
      insurance_name: insurance.name,
      plan_name: plan.name,
      member_id: dto.member_id,
      now,
    });
    const eligibilityId = eventIdFor(null, -1);
    const message = outcome.eligible ? INTAKE_MESSAGES.eligible : INTAKE_MESSAGES.notEligible;
    await this.pipeline.decideOn(eligibilityStreamId(eligibilityId), eligibilityDecider, {
      command: {
        check: {
          eligibility_id: eligibilityId,
          eligible: outcome.eligible,
          message,
          calendar_id: dto.calendar_id,
          patient_id: dto.patient_id,
          insurance_id: dto.insurance_id,
          plan_id: dto.plan_id,
          member_id: dto.member_id,
          checked_by: caller.userId,
          checked_at: now.toISOString(),
        },
      },
      context,
      commandId: null,
    });
    return { eligibility_id: eligibilityId, eligible: outcome.eligible, message };
  }

  private async load<C, E extends { type: string; data: unknown }, S>(
    streamId: string,
    decider: Decider<C, E, S>,
  ): Promise<{ state: S; position: number }> {
    const history = await this.store.readStream(streamId);
    const state = fold(
      decider,
      history.map((e) => ({ type: e.type, data: e.data }) as E),
    );
    return { state, position: history.at(-1)?.globalPosition ?? 0 };
  }
}
