import {
  type CheckInChargesDto,
  DIGITAL_CHECK_IN_MESSAGES,
  type EmergencyContactDto,
  type EmergencyContactView,
  type MedicalHistoryDto,
  MAX_CHECK_IN_FILE_BYTES,
  type PatientDigitalCheckInsView,
  type PreferredPharmacyDto,
  type PreferredPharmacyView,
  type SkippableStep,
  sniffCheckInFileType,
  type VendorCheckInDto,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { InvalidError } from '../../domain/domain-error';
import { CLOCK, type Clock } from '../../infra/clock';
import type { RequestContext } from '../../infra/http/request-context';
import { AccessPolicy } from '../identity/auth/access-policy';
import type { Principal } from '../identity/auth/principal';
import { UserAccounts } from '../identity/user-accounts';
import { DigitalCheckInRepository } from './digital-check-in.repository';
import { DigitalCheckInService } from './digital-check-in.service';
import type { StepCommand } from './domain/check-in-steps';
import { CHECK_IN_VENDOR, type CheckInVendor } from './vendor/check-in-vendor';

const M = DIGITAL_CHECK_IN_MESSAGES;

/** Text as given, trimmed; empty optional fields are absent. */
const text = (value: string | undefined): string | null => value?.trim() || null;

/**
 * The information a provider's settings collect in the check-in (emergency contact, preferred
 * pharmacy, government ID, histories), the vendor's copy of the appointment, and the patient's
 * upcoming visits with check-in on.
 */
@Injectable()
export class DigitalCheckInInformationService {
  constructor(
    private readonly checkIns: DigitalCheckInService,
    private readonly repository: DigitalCheckInRepository,
    private readonly policy: AccessPolicy,
    private readonly accounts: UserAccounts,
    @Inject(CHECK_IN_VENDOR) private readonly vendor: CheckInVendor,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private async step(
    caller: Principal,
    appointmentId: string,
    context: RequestContext,
    command: (base: Pick<StepCommand, 'visit' | 'by' | 'now'>) => StepCommand,
  ): Promise<{ position: number }> {
    const { visit } = await this.checkIns.visitToChange(caller, appointmentId);
    const made = command({ visit, by: caller.userId, now: this.clock.now() });
    return { position: await this.checkIns.decide(visit, made, context, null) };
  }

  emergencyContact(
    caller: Principal,
    appointmentId: string,
    dto: EmergencyContactDto,
    context: RequestContext,
  ): Promise<{ position: number }> {
    const contact: EmergencyContactView = {
      first_name: dto.first_name.trim(),
      last_name: dto.last_name.trim(),
      relationship: dto.relationship.trim(),
      phone: dto.phone.trim(),
    };
    return this.step(caller, appointmentId, context, (base) => ({
      ...base,
      type: 'GiveEmergencyContact',
      contact,
    }));
  }

  pharmacy(
    caller: Principal,
    appointmentId: string,
    dto: PreferredPharmacyDto,
    context: RequestContext,
  ): Promise<{ position: number }> {
    const pharmacy: PreferredPharmacyView = {
      name: dto.name.trim(),
      address: text(dto.address),
      city: text(dto.city),
      zip_code: text(dto.zip_code),
      phone: text(dto.phone),
    };
    return this.step(caller, appointmentId, context, (base) => ({
      ...base,
      type: 'GivePharmacy',
      pharmacy,
    }));
  }

  medicalHistory(
    caller: Principal,
    appointmentId: string,
    dto: MedicalHistoryDto,
    context: RequestContext,
  ): Promise<{ position: number }> {
    return this.step(caller, appointmentId, context, (base) => ({
      ...base,
      type: 'GiveMedicalHistory',
      histories: { ...dto },
    }));
  }

  skip(
    caller: Principal,
    appointmentId: string,
    step: SkippableStep,
    context: RequestContext,
  ): Promise<{ position: number }> {
    return this.step(caller, appointmentId, context, (base) => ({
      ...base,
      type: 'SkipStep',
      step,
    }));
  }

  /** A photo of the ID (JPEG, PNG or PDF by its bytes, 5 MB at most), like the insurance card. */
  async governmentId(
    caller: Principal,
    appointmentId: string,
    body: unknown,
    context: RequestContext,
  ): Promise<{ file_id: string; sha256: string; position: number }> {
    const { visit } = await this.checkIns.visitToChange(caller, appointmentId);
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw new InvalidError(Buffer.isBuffer(body) ? M.fileEmpty : M.fileType, { file: 'Invalid' });
    }
    if (body.length > MAX_CHECK_IN_FILE_BYTES) {
      throw new InvalidError(M.fileTooLarge, { file: 'Invalid' });
    }
    const type = sniffCheckInFileType(body);
    if (!type) throw new InvalidError(M.fileType, { file: 'Invalid' });
    if (!visit.settings.digital_check_in_enabled) throw new InvalidError(M.notEnabled);
    if (!visit.settings.government_issued_id_collection) throw new InvalidError(M.notCollected);
    const file = await this.checkIns.store(visit, 'government-id', type, body, caller.userId);
    const now = this.clock.now();
    const position = await this.checkIns.decide(
      visit,
      {
        type: 'UploadGovernmentId',
        visit,
        file: { ...file, content_type: type, uploaded_at: now.toISOString() },
        by: caller.userId,
        now,
      },
      context,
      null,
    );
    return { file_id: file.file_id, sha256: file.sha256, position };
  }

  /**
   * POST appointments/{id}/digital-check-in/vendor: the vendor is given the appointment; once
   * `VendorAppointmentAdded` is recorded the projection tells the appointment's room
   * (`check-in.added`, with the check-in address) and the popup goes there.
   */
  async toVendor(
    caller: Principal,
    appointmentId: string,
    dto: VendorCheckInDto,
    context: RequestContext,
  ): Promise<{ position: number }> {
    const { visit, details, state } = await this.checkIns.visitToChange(caller, appointmentId);
    if (!visit.settings.digital_check_in_enabled) throw new InvalidError(M.notEnabled);
    // The vendor has it already: the same address again (the event is not written twice).
    const added = state.steps.vendor ?? {
      external_id: (
        await this.vendor.addAppointment({
          appointment_id: appointmentId,
          practice_id: details.practice_id,
          provider_id: details.provider_id,
          patient_id: details.patient_id,
          start_date: details.start_date,
        })
      ).external_id,
      check_in_url: this.vendor.checkInUrl({
        appointment_id: appointmentId,
        redirect_uri: dto.redirect_uri,
      }),
    };
    const position = await this.checkIns.decide(
      visit,
      { type: 'AddVendorAppointment', visit, ...added, by: caller.userId, now: this.clock.now() },
      context,
      null,
    );
    return { position };
  }

  /**
   * PUT appointments/{id}/check-in-charges (the practice's users): the outstanding balance and
   * the deductible the check-in's payment collects (as the settings say), until it is paid.
   */
  async setCharges(
    caller: Principal,
    appointmentId: string,
    dto: CheckInChargesDto,
    context: RequestContext,
  ): Promise<{ position: number }> {
    const { visit, details, state } = await this.checkIns.visitToChange(caller, appointmentId);
    this.policy.assertMayWorkForPractice(caller, details.practice_id);
    const position = await this.checkIns.decide(
      visit,
      {
        type: 'SetCharges',
        visit,
        charges: { outstanding_balance: dto.outstanding_balance, deductible: dto.deductible },
        paid: state.copay !== null,
        by: caller.userId,
        now: this.clock.now(),
      },
      context,
      null,
    );
    return { position };
  }

  /**
   * GET patients/{id}/digital-check-ins: the patient's and their family's visits still to come
   * whose provider has digital check-in on (the dashboard offers check-in on those).
   */
  async upcoming(caller: Principal, patientId: string): Promise<PatientDigitalCheckInsView> {
    this.policy.assertIsPatient(caller, patientId);
    const account = await this.accounts.load(patientId);
    const patientIds = [patientId, ...account.family.map((m) => m.member_id)];
    const found = await this.repository.upcomingWithCheckIn(patientIds, this.clock.now());
    return found;
  }
}
