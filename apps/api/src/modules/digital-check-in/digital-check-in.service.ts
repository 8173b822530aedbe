import { createHash } from 'node:crypto';
import {
  type CheckInFileType,
  type CheckInSummaryRow,
  type CheckInSummaryView,
  DEFAULT_DIGITAL_CHECK_IN_SETTINGS,
  DIGITAL_CHECK_IN_MESSAGES,
  type DigitalCheckInSettings,
  type DigitalCheckInView,
  type InsuranceCardSide,
  MAX_CHECK_IN_FILE_BYTES,
  type SignConsentDto,
  STATUS_MESSAGES,
  historiesAsked,
  informationSteps,
  sniffCheckInFileType,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { InvalidError, NotFoundError } from '../../domain/domain-error';
import { CLOCK, type Clock } from '../../infra/clock';
import { CommandPipeline, stream } from '../../infra/event-sourcing/command-pipeline';
import { entityIdFor } from '../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../infra/http/request-context';
import { AccessPolicy, forbidden } from '../identity/auth/access-policy';
import type { Principal } from '../identity/auth/principal';
import { type ScreeningEvent, screeningStreamId } from '../intake/domain/screening.decider';
import type { AppointmentDetails } from '../scheduling/domain/appointment.events';
import { SchedulingReader } from '../scheduling/queries/scheduling-reader';
import { DigitalCheckInSettingsService } from './digital-check-in-settings.service';
import { DigitalCheckInRepository } from './digital-check-in.repository';
import { informationDone } from './domain/check-in-steps';
import {
  type CheckInCommand,
  type CheckInState,
  checkInDecider,
  consentDecider,
  dueNow,
  settingsDecider,
  type Visit,
} from './domain/digital-check-in.deciders';
import { checkInStreamId, consentStreamId } from './domain/digital-check-in.events';

const M = DIGITAL_CHECK_IN_MESSAGES;

/** A screening's answers as recorded, with the practice they were given to. */
const SCREENING_FOLD = {
  initialState: (): ScreeningEvent['data'] | null => null,
  evolve: (_state: ScreeningEvent['data'] | null, event: ScreeningEvent) => event.data,
};

export interface StoredFile {
  readonly content_type: string;
  readonly bytes: Uint8Array;
}

/** Who reads a check-in but changes none (super users, support agents, finance). */
const CHANGES_NOT_FOR: ReadonlySet<string> = new Set([
  'SuperUser',
  'SupportAgent',
  'FinancialSuperUser',
]);

/**
 * One visit's digital check-in: who may change it, its commands (consents signed, insurance
 * cards, forms) and reads (the patient's view, a stored file, the practice's day summary). The
 * settings and consent documents, the copay and the arrival have services of their own.
 */
@Injectable()
export class DigitalCheckInService {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly reader: SchedulingReader,
    private readonly policy: AccessPolicy,
    private readonly settingsService: DigitalCheckInSettingsService,
    private readonly repository: DigitalCheckInRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  // ------------------------------------------------------------------ one visit

  /** The appointment (404), reachable by the caller (403), and its provider's settings. */
  private async visit(
    caller: Principal,
    appointmentId: string,
  ): Promise<{ details: AppointmentDetails; visit: Visit; state: CheckInState; position: number }> {
    const { details } = await this.reader.appointment(appointmentId);
    await this.policy.assertMayReachAppointment(caller, details);
    const [settings, checkIn] = await Promise.all([
      details.provider_id ? this.settingsService.currentSettings(details.provider_id) : null,
      this.pipeline.read([stream(checkInStreamId(appointmentId), checkInDecider)]),
    ]);
    const loaded = checkIn[0];
    return {
      details,
      visit: {
        appointment_id: appointmentId,
        practice_id: details.practice_id,
        patient_id: details.patient_id,
        settings: settings?.state ?? settingsDecider.initialState(),
      },
      state: loaded.state,
      position: Math.max(
        loaded.events.at(-1)?.globalPosition ?? 0,
        settings?.events.at(-1)?.globalPosition ?? 0,
      ),
    };
  }

  /**
   * A check-in is changed by its patient (or their guardian) and the practice's staff at the
   * desk: operators may read it, as they read the appointment, but sign, pay or upload for nobody.
   */
  visitToChange(caller: Principal, appointmentId: string) {
    if (CHANGES_NOT_FOR.has(caller.type)) throw forbidden();
    return this.visit(caller, appointmentId);
  }

  async decide(
    visit: Visit,
    command: CheckInCommand,
    context: RequestContext,
    commandId: string | null,
  ): Promise<number> {
    const committed = await this.pipeline.decideOn(
      checkInStreamId(visit.appointment_id),
      checkInDecider,
      { command, context, commandId },
    );
    return committed.position;
  }

  async view(caller: Principal, appointmentId: string): Promise<DigitalCheckInView> {
    const { details, visit, state, position } = await this.visit(caller, appointmentId);
    const [consents, calendar] = await Promise.all([
      this.repository.consents(details.practice_id),
      this.reader.calendar(details.calendar_id),
    ]);
    const withSignatures = consents.map((consent) => {
      const signed = state.signed[consent.consent_id];
      return {
        ...consent,
        signed:
          signed && signed.version === consent.version
            ? {
                consent_id: consent.consent_id,
                version: signed.version,
                kind: signed.kind,
                typed_name: signed.typed_name,
                signature_file_id: signed.signature_file?.file_id ?? null,
                signed_by: signed.signed_by,
                signed_at: signed.signed_at,
              }
            : null,
      };
    });
    const due = dueNow(visit.settings, state);
    const formsRequired = (calendar.custom_form_ids?.length ?? 0) > 0;
    const formsDone = state.screening_id !== null || (details.screening_ids?.length ?? 0) > 0;
    const arrived = details.status === 'Checked-In';
    const cards = Object.values(state.cards).map((card) => ({ ...card }));
    const unsigned = withSignatures.some((c) => c.required && !c.signed);
    const { steps } = state;
    const informationAsked = informationSteps(visit.settings);
    const informationGiven = informationDone(steps, visit.settings);
    const awaitingEntry = Boolean(steps.arrival?.awaiting_entry) && !steps.ready && !arrived;
    const next: DigitalCheckInView['next_step'] = unsigned
      ? 'consent'
      : due.total > 0 && !state.copay
        ? 'copay-payment'
        : visit.settings.insurance_card_collection && cards.length < 2
          ? 'insurance-card'
          : formsRequired && !formsDone
            ? 'forms'
            : informationGiven.length < informationAsked.length
              ? 'information'
              : arrived || steps.arrival
                ? 'done'
                : 'arrive';
    return {
      appointment_id: appointmentId,
      practice_id: details.practice_id,
      provider_id: details.provider_id,
      calendar_id: details.calendar_id,
      patient_id: details.patient_id,
      start_date: details.start_date,
      time_zone: details.time_zone,
      status: details.status,
      settings: visit.settings,
      consents: withSignatures,
      copay: {
        due: due.total,
        paid: state.copay !== null,
        payment_id: state.copay?.payment_id ?? null,
        amount_paid: state.copay?.amount ?? 0,
        copay: due.copay,
        outstanding_balance: due.outstanding_balance,
        deductible: due.deductible,
        minimum: due.minimum,
      },
      insurance_cards: cards,
      forms: { required: formsRequired, done: formsDone },
      arrived,
      information: {
        steps: informationAsked,
        done_steps: informationGiven,
        emergency_contact: steps.emergency_contact,
        preferred_pharmacy: steps.pharmacy,
        government_id: steps.government_id && {
          file_id: steps.government_id.file_id,
          content_type: steps.government_id.content_type,
          size: steps.government_id.size,
          uploaded_at: steps.government_id.uploaded_at,
        },
        skipped: steps.skipped,
        histories_asked: historiesAsked(visit.settings),
        histories: steps.histories,
      },
      arrival: {
        announced_at: steps.arrival?.at ?? null,
        awaiting_entry: awaitingEntry,
        ready_at: steps.ready?.at ?? null,
        ready_text: steps.ready?.text ?? null,
      },
      vendor_check_in_url: steps.vendor?.check_in_url ?? null,
      next_step: next,
      position,
    };
  }

  async signConsent(
    caller: Principal,
    appointmentId: string,
    consentId: string,
    dto: SignConsentDto,
    context: RequestContext,
  ): Promise<{ position: number }> {
    const { visit } = await this.visitToChange(caller, appointmentId);
    const [consent] = await this.pipeline.read([
      stream(consentStreamId(consentId), consentDecider),
    ]);
    if (!consent.state) throw new NotFoundError(M.consentNotFound);
    let signatureFile = null;
    if (dto.kind === 'drawn') {
      const base64 = dto.drawn_png!.slice(dto.drawn_png!.indexOf(',') + 1);
      const bytes = Buffer.from(base64, 'base64');
      if (sniffCheckInFileType(bytes) !== 'image/png') {
        throw new InvalidError(M.signatureRequired, { drawn_png: 'Invalid' });
      }
      signatureFile = await this.store(visit, 'signature', 'image/png', bytes, caller.userId);
    }
    const now = this.clock.now();
    const command: CheckInCommand = {
      type: 'SignConsent',
      visit,
      consent: consent.state,
      version: dto.version,
      kind: dto.kind,
      typed_name: dto.kind === 'typed' ? dto.typed_name!.trim() : null,
      signature_file: signatureFile,
      by: caller.userId,
      now,
    };
    return { position: await this.decide(visit, command, context, null) };
  }

  async deleteConsentSignature(
    caller: Principal,
    appointmentId: string,
    consentId: string,
    context: RequestContext,
  ): Promise<{ position: number }> {
    const { visit } = await this.visitToChange(caller, appointmentId);
    const command: CheckInCommand = {
      type: 'DeleteConsentSignature',
      visit,
      consent_id: consentId,
      by: caller.userId,
      now: this.clock.now(),
    };
    return { position: await this.decide(visit, command, context, null) };
  }

  async uploadInsuranceCard(
    caller: Principal,
    appointmentId: string,
    side: InsuranceCardSide,
    body: unknown,
    context: RequestContext,
  ): Promise<{ file_id: string; sha256: string; position: number }> {
    const { visit } = await this.visitToChange(caller, appointmentId);
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw new InvalidError(Buffer.isBuffer(body) ? M.fileEmpty : M.fileType, { file: 'Invalid' });
    }
    if (body.length > MAX_CHECK_IN_FILE_BYTES)
      throw new InvalidError(M.fileTooLarge, { file: 'Invalid' });
    const type = sniffCheckInFileType(body);
    if (!type) throw new InvalidError(M.fileType, { file: 'Invalid' });
    if (!visit.settings.digital_check_in_enabled) throw new InvalidError(M.notEnabled);
    const file = await this.store(visit, `insurance-${side}`, type, body, caller.userId);
    const position = await this.decide(
      visit,
      {
        type: 'UploadInsuranceCard',
        visit,
        card: { ...file, side, content_type: type },
        by: caller.userId,
        now: this.clock.now(),
      },
      context,
      null,
    );
    return { file_id: file.file_id, sha256: file.sha256, position };
  }

  /** The bytes go to their own table first; the event names them by id and hash only. */
  async store(
    visit: Visit,
    kind: 'signature' | 'insurance-front' | 'insurance-back' | 'government-id',
    type: CheckInFileType,
    bytes: Buffer,
    by: string,
  ): Promise<{ file_id: string; sha256: string; size: number }> {
    if (bytes.length > MAX_CHECK_IN_FILE_BYTES) throw new InvalidError(M.fileTooLarge);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const fileId = entityIdFor(`check-in-file/${visit.appointment_id}/${kind}/${sha256}`);
    await this.repository.saveFile({
      file_id: fileId,
      appointment_id: visit.appointment_id,
      practice_id: visit.practice_id,
      patient_id: visit.patient_id,
      kind,
      content_type: type,
      size: bytes.length,
      sha256,
      bytes,
      uploaded_by: by,
      uploaded_at: this.clock.now(),
    });
    return { file_id: fileId, sha256, size: bytes.length };
  }

  /** A stored file, for the patient (and whoever booked for them) and the practice's users only. */
  async file(caller: Principal, fileId: string): Promise<StoredFile> {
    const file = await this.repository.file(fileId);
    if (!file) throw new NotFoundError(M.fileNotFound);
    const { details } = await this.reader.appointment(file.appointment_id);
    if (!(await this.policy.mayReachAppointment(caller, details))) throw forbidden();
    return { content_type: file.content_type, bytes: file.bytes };
  }

  async answerForms(
    caller: Principal,
    appointmentId: string,
    screeningId: string,
    context: RequestContext,
  ): Promise<{ position: number }> {
    const { visit } = await this.visitToChange(caller, appointmentId);
    const [screening] = await this.pipeline.read([
      stream(screeningStreamId(screeningId), SCREENING_FOLD),
    ]);
    if (screening.state?.practice_id !== visit.practice_id) {
      throw new NotFoundError(M.screeningNotFound);
    }
    const command: CheckInCommand = {
      type: 'AnswerForms',
      visit,
      screening_id: screeningId,
      by: caller.userId,
      now: this.clock.now(),
    };
    return { position: await this.decide(visit, command, context, null) };
  }

  // ------------------------------------------------------------------ the summary

  async summary(
    caller: Principal,
    practiceId: string,
    date: string | undefined,
  ): Promise<CheckInSummaryView> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const zone = (await this.repository.practiceZone(practiceId)) ?? 'UTC';
    const day = date
      ? DateTime.fromISO(date, { zone })
      : DateTime.fromJSDate(this.clock.now(), { zone }).startOf('day');
    if (!day.isValid) throw new InvalidError(STATUS_MESSAGES[400], { date: 'Invalid' });
    const from = day.startOf('day');
    const rows = await this.repository.summary(
      practiceId,
      from.toJSDate(),
      from.plus({ days: 1 }).toJSDate(),
      caller.type === 'Provider' ? caller.userId : null,
    );
    const required = await this.repository.requiredConsents(practiceId);
    const view: CheckInSummaryRow[] = rows.map((row) => {
      const signed = (row.signed_consents ?? {}) as Record<string, number>;
      const settings = {
        ...DEFAULT_DIGITAL_CHECK_IN_SETTINGS,
        ...((row.settings ?? {}) as Partial<DigitalCheckInSettings>),
      };
      const asked = informationSteps(settings);
      const given = row.information_steps ?? [];
      return {
        appointment_id: row.appointment_id,
        patient_id: row.patient_id,
        patient_name: row.patient_name,
        provider_id: row.provider_id,
        provider_name: row.provider_name,
        start_date: row.start_date.toISOString(),
        time_zone: row.time_zone,
        status: row.status,
        consents_signed: required.filter((c) => signed[c.consent_id] === c.version).length,
        consents_required: required.length,
        copay_paid: row.copay_paid ?? false,
        insurance_card: row.insurance_card ?? false,
        forms_done: row.forms_done ?? false,
        arrived: (row.arrived ?? false) || row.status === 'Checked-In',
        awaiting_entry: (row.awaiting_entry ?? false) && row.status !== 'Checked-In',
        ready: row.ready ?? false,
        information_required: asked.length,
        information_done: asked.filter((step) => given.includes(step)).length,
      };
    });
    return { practice_id: practiceId, date: from.toISODate(), rows: view, position: 0 };
  }
}
