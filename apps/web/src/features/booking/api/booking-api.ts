import type {
  BookingPaymentSettings,
  BookingResult,
  CodedItem,
  CustomFormView,
  DemographicsView,
  EligibilityView,
  FamilyMemberView,
  InsurancePlanView,
  HoldView,
  PaymentGatewayName,
  PaymentMethodsView,
  PaymentMethodView,
  PaymentView,
  UserView,
  WeekView,
} from '@medbook/contracts';
import { api } from '../../../shared/api-client';

/** The calendar settings the wizard reads (GET /calendars/{id}). */
export interface BookingCalendar {
  readonly calendar_id: string;
  readonly name: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly facility_id: string;
  readonly time_zone: string;
  readonly visit_type: 'Office' | 'Telehealth' | 'Resource';
  readonly time_step: number;
  readonly can_check_in: boolean;
  readonly accept_reject_enabled: boolean;
  readonly hold_minutes: number;
  readonly custom_form_ids?: readonly string[];
  readonly collect_patient_demographics?: boolean;
  readonly enable_insurance?: boolean;
  readonly enable_insurance_eligibility?: boolean;
}

/** A card as the patient typed it; sent once to the payment port, never stored here. */
export interface CardDetails {
  readonly number: string;
  readonly exp_month: number;
  readonly exp_year: number;
  readonly cvc: string;
  readonly name_on_card: string;
}

/** What the demographics step sends (PUT /patients/{id}/demographics). */
export interface DemographicsInput {
  readonly race_code: string;
  readonly ethnicity_code: string;
  readonly language_code: string;
  readonly birth_date: string;
  readonly sex: string;
  readonly address: {
    readonly address1: string;
    readonly address2?: string;
    readonly city: string;
    readonly state: string;
    readonly zip_code: string;
  };
}

export interface InsuranceItem {
  readonly id: number;
  readonly name: string;
}

const enc = encodeURIComponent;

export const bookingApi = {
  calendar: (calendarId: string) => api<BookingCalendar>('GET', `/calendars/${enc(calendarId)}`),
  /** With `minPosition`, the week reflects that change (read your writes). */
  week: (calendarId: string, startDate: string, minPosition: number | null = null) =>
    api<WeekView>(
      'GET',
      `/calendars/${enc(calendarId)}/week?start_date=${enc(startDate)}${
        minPosition === null ? '' : `&min_position=${minPosition}`
      }`,
    ),
  me: () => api<UserView>('GET', '/users/me'),
  hold: (calendarId: string, startDate: string, patientId?: string) =>
    api<HoldView>('PUT', `/calendars/${enc(calendarId)}/slots/hold`, {
      start_date: startDate,
      ...(patientId ? { patient_id: patientId } : {}),
    }),
  release: (hold: HoldView, patientId?: string) =>
    api<{ position: number | null }>(
      'DELETE',
      `/calendars/${enc(hold.calendar_id)}/slots/hold/${enc(hold.hold_id)}`,
      { start_date: hold.start_date, ...(patientId ? { patient_id: patientId } : {}) },
    ),
  book: (body: {
    calendar_id: string;
    start_date: string;
    patient_id?: string;
    hold_id?: string;
    reason?: string;
    command_id: string;
  }) => api<BookingResult>('POST', '/appointments', body),
  familyMembers: (patientId: string) =>
    api<FamilyMemberView[]>('GET', `/patients/${enc(patientId)}/family-members`),
  addFamilyMember: (
    patientId: string,
    member: { first_name: string; last_name: string; relationship: string; command_id: string },
  ) =>
    api<{ id: string; position: number }>(
      'POST',
      `/patients/${enc(patientId)}/family-members`,
      member,
    ),
  sendSms: (mobileNumber?: string) =>
    api<null>('POST', '/auth/sms/send', mobileNumber ? { mobile_number: mobileNumber } : {}),
  verifySms: (code: string) => api<unknown>('POST', '/auth/sms/verify', { code }),
  insurances: () => api<InsuranceItem[]>('GET', '/insurances'),
  paymentSettings: (calendarId: string) =>
    api<BookingPaymentSettings>('GET', `/calendars/${enc(calendarId)}/payment-settings`),
  payVisitFee: (body: {
    calendar_id: string;
    insured: boolean;
    amount: number;
    card?: CardDetails;
    payment_method_id?: string;
    command_id: string;
  }) => api<PaymentView>('POST', '/payments/visit-fee', body),
  associatePayment: (
    appointmentId: string,
    body: { amount: number; gateway: PaymentGatewayName; payment_id: string },
  ) => api<PaymentView>('POST', `/appointments/${enc(appointmentId)}/associate-payment`, body),
  cancelVisitFee: (paymentId: string) =>
    api<PaymentView>('POST', `/payments/${enc(paymentId)}/cancel-visit-fee`, {}),
  paymentMethods: (patientId: string) =>
    api<PaymentMethodsView>('GET', `/patients/${enc(patientId)}/get-payment-methods`),
  customForms: (calendarId: string) =>
    api<CustomFormView[]>('GET', `/calendars/${enc(calendarId)}/custom-forms`),
  submitScreening: (
    calendarId: string,
    body: { patient_id: string; form_id: string; answers: Record<string, string> },
  ) =>
    api<{ screening_id: string }>('POST', `/calendars/${enc(calendarId)}/screening`, {
      ...body,
      command_id: crypto.randomUUID(),
    }),
  demographics: (patientId: string) =>
    api<DemographicsView>('GET', `/patients/${enc(patientId)}/demographics`),
  saveDemographics: (patientId: string, body: DemographicsInput) =>
    api<DemographicsView>('PUT', `/patients/${enc(patientId)}/demographics`, body),
  races: () => api<CodedItem[]>('GET', '/races'),
  ethnicities: () => api<CodedItem[]>('GET', '/ethnicities'),
  languages: () => api<CodedItem[]>('GET', '/languages'),
  states: () => api<CodedItem[]>('GET', '/states/all'),
  insurancePlans: (insuranceId: number) =>
    api<InsurancePlanView[]>('GET', `/insurances/${insuranceId}/plans`),
  verifyEligibility: (body: {
    calendar_id: string;
    patient_id: string;
    insurance_id: number;
    plan_id: number;
    member_id: string;
  }) => api<EligibilityView>('POST', '/insurance/eligibility', body),
  savePaymentMethod: (patientId: string, card: CardDetails) =>
    api<PaymentMethodView>('POST', `/patients/${enc(patientId)}/payment-methods`, {
      card,
      command_id: crypto.randomUUID(),
    }),
};
