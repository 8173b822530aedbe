import {
  DEFAULT_DIGITAL_CHECK_IN_SETTINGS,
  DIGITAL_CHECK_IN_MESSAGES as M,
  sniffCheckInFileType,
} from '@medbook/contracts';
import { ConflictError, InvalidError, NotFoundError } from '../../../domain/domain-error';
import { DeciderSpecification } from '../../../domain/decider-specification';
import {
  type CheckInCommand,
  checkInDecider,
  type ConsentState,
  consentDecider,
  settingsDecider,
  type Visit,
} from './digital-check-in.deciders';
import type { CheckInEvent, ConsentPublished } from './digital-check-in.events';

const NOW = new Date('2026-03-10T14:00:00Z');
const AT = NOW.toISOString();
const PRACTICE = '00000000-0000-4000-8000-000000000001';
const PROVIDER = '00000000-0000-4000-8000-000000000002';
const APPOINTMENT = '00000000-0000-4000-8000-000000000003';
const PATIENT = '00000000-0000-4000-8000-000000000004';
const CONSENT = '00000000-0000-4000-8000-000000000005';

describe('digital check-in settings', () => {
  const given = DeciderSpecification.for(settingsDecider);
  const change = (patch: object) => ({
    provider_id: PROVIDER,
    practice_id: PRACTICE,
    patch,
    by: 'admin',
    now: NOW,
  });

  it("starts from the spec's defaults and records the whole settings on a change", () => {
    given([])
      .when(change({ digital_check_in_enabled: true, copay_amount: 20 }))
      .then([
        {
          type: 'DigitalCheckInSettingsChanged',
          data: {
            provider_id: PROVIDER,
            practice_id: PRACTICE,
            settings: {
              ...DEFAULT_DIGITAL_CHECK_IN_SETTINGS,
              digital_check_in_enabled: true,
              copay_amount: 20,
            },
            changed_by: 'admin',
            changed_at: AT,
          },
        },
      ]);
  });

  it('records nothing when nothing changes', () => {
    given([])
      .when(change({ copay_collection: true, staff_approved_entry: false }))
      .thenNothing();
  });

  it('keeps the defaults: true for the payment collections, false for the rest', () => {
    const d = DEFAULT_DIGITAL_CHECK_IN_SETTINGS;
    expect([d.allow_update_insurance, d.payment_collection, d.copay_collection]).toEqual([
      true,
      true,
      true,
    ]);
    expect([d.outstanding_balance_collection, d.deductible_collection]).toEqual([true, true]);
    expect([d.allow_partial_payment, d.allow_cancel_appointment]).toEqual([true, true]);
    expect([d.digital_check_in_enabled, d.insurance_card_collection, d.skip_insurance]).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe('consent documents', () => {
  const given = DeciderSpecification.for(consentDecider);
  const publish = (text: string, existing: boolean, required = true) => ({
    consent_id: CONSENT,
    practice_id: PRACTICE,
    title: 'Consent to treat',
    text,
    required,
    existing,
    by: 'admin',
    now: NOW,
  });
  const published = (text: string, version: number, required = true): ConsentPublished => ({
    type: 'ConsentPublished',
    data: {
      consent_id: CONSENT,
      practice_id: PRACTICE,
      title: 'Consent to treat',
      text,
      version,
      required,
      published_by: 'admin',
      published_at: AT,
    },
  });

  it('starts at version 1', () => {
    given([])
      .when(publish('v1', false))
      .then([published('v1', 1)]);
  });

  it('a new text is a new version', () => {
    given([published('v1', 1)])
      .when(publish('v2', true))
      .then([published('v2', 2)]);
  });

  it('the required flag alone keeps the version', () => {
    given([published('v1', 1)])
      .when(publish('v1', true, false))
      .then([published('v1', 1, false)]);
  });

  it('an update of a consent that does not exist, or of another practice, is not found', () => {
    given([]).when(publish('v1', true)).thenThrows(NotFoundError, M.consentNotFound);
    given([published('v1', 1)])
      .when({ ...publish('v2', true), practice_id: PROVIDER })
      .thenThrows(NotFoundError);
  });
});

describe("an appointment's check-in", () => {
  const given = DeciderSpecification.for(checkInDecider);
  const visit = (changes: Partial<typeof DEFAULT_DIGITAL_CHECK_IN_SETTINGS> = {}): Visit => ({
    appointment_id: APPOINTMENT,
    practice_id: PRACTICE,
    patient_id: PATIENT,
    settings: {
      ...DEFAULT_DIGITAL_CHECK_IN_SETTINGS,
      digital_check_in_enabled: true,
      copay_amount: 25,
      ...changes,
    },
  });
  const consent = (version: number): ConsentState => ({
    consent_id: CONSENT,
    practice_id: PRACTICE,
    title: 'Consent',
    text: 'Text',
    version,
    required: true,
    updated_at: AT,
  });
  const sign = (version: number, read = version): CheckInCommand => ({
    type: 'SignConsent',
    visit: visit(),
    consent: consent(version),
    version: read,
    kind: 'typed',
    typed_name: 'Grace Hopper',
    signature_file: null,
    by: PATIENT,
    now: NOW,
  });
  const signed = (version: number): CheckInEvent => ({
    type: 'ConsentSigned',
    data: {
      appointment_id: APPOINTMENT,
      practice_id: PRACTICE,
      patient_id: PATIENT,
      consent_id: CONSENT,
      version,
      kind: 'typed',
      typed_name: 'Grace Hopper',
      signature_file: null,
      signed_by: PATIENT,
      signed_at: AT,
    },
  });
  const copay = (amount: number, paymentId = 'pay-1', v = visit()): CheckInCommand => ({
    type: 'RecordCopay',
    visit: v,
    payment_id: paymentId,
    amount,
    by: PATIENT,
    now: NOW,
  });

  it('is refused while digital check-in is off for the provider', () => {
    given([])
      .when({ ...sign(1), visit: visit({ digital_check_in_enabled: false }) })
      .thenThrows(InvalidError, M.notEnabled);
  });

  it("signs the version read, with the signature's words", () => {
    given([])
      .when(sign(1))
      .then([signed(1)]);
  });

  it('refuses a signature of a version that is no longer the current one', () => {
    given([]).when(sign(2, 1)).thenThrows(ConflictError, M.consentVersionOld);
  });

  it('a retried signature writes nothing; a new version is signed again', () => {
    given([signed(1)])
      .when(sign(1))
      .thenNothing();
    given([signed(1)])
      .when(sign(2))
      .then([signed(2)]);
  });

  it('deletes a signature, and refuses to delete one never made', () => {
    given([signed(1)])
      .when({
        type: 'DeleteConsentSignature',
        visit: visit(),
        consent_id: CONSENT,
        by: PATIENT,
        now: NOW,
      })
      .thenEvents((events) =>
        expect(events.map((e) => e.type)).toEqual(['ConsentSignatureDeleted']),
      );
    given([])
      .when({
        type: 'DeleteConsentSignature',
        visit: visit(),
        consent_id: CONSENT,
        by: PATIENT,
        now: NOW,
      })
      .thenThrows(NotFoundError, M.consentNotSigned);
  });

  it('records the copay due once; the wrong amount, none due or a second payment are refused', () => {
    given([])
      .when(copay(25))
      .thenEvents((events) => {
        expect(events).toEqual([
          {
            type: 'CopayPaid',
            data: {
              appointment_id: APPOINTMENT,
              practice_id: PRACTICE,
              payment_id: 'pay-1',
              amount: 25,
              total: 25,
              paid_by: PATIENT,
              paid_at: AT,
            },
          },
        ]);
      });
    given([]).when(copay(20)).thenThrows(InvalidError, M.copayMismatch);
    given([])
      .when(copay(25, 'pay-1', visit({ copay_collection: false })))
      .thenThrows(InvalidError, M.noCopay);
    const paid = checkInDecider.decide(copay(25), checkInDecider.initialState());
    given(paid).when(copay(25)).thenNothing();
    given(paid).when(copay(25, 'pay-2')).thenThrows(ConflictError, M.copayAlreadyPaid);
  });

  it('an insurance card of the same bytes again writes nothing', () => {
    const upload: CheckInCommand = {
      type: 'UploadInsuranceCard',
      visit: visit(),
      card: { file_id: 'f1', side: 'front', content_type: 'image/png', size: 10, sha256: 'abc' },
      by: PATIENT,
      now: NOW,
    };
    const first = checkInDecider.decide(upload, checkInDecider.initialState());
    expect(first.map((e) => e.type)).toEqual(['InsuranceCardUploaded']);
    given(first).when(upload).thenNothing();
  });
});

describe('file types by their first bytes', () => {
  it('knows JPEG, PNG and PDF, and nothing else', () => {
    expect(sniffCheckInFileType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(
      sniffCheckInFileType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])),
    ).toBe('image/png');
    expect(sniffCheckInFileType(new TextEncoder().encode('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffCheckInFileType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffCheckInFileType(new TextEncoder().encode('<svg'))).toBeNull();
    expect(sniffCheckInFileType(new Uint8Array())).toBeNull();
  });
});
