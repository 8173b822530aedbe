import type {
  BookingPaymentSettings,
  BookingResult,
  CalendarView,
  CardDto,
  CodedItem,
  CustomFormView,
  DemographicsView,
  EligibilityView,
  FamilyMemberView,
  InsurancePlanView,
  InsuranceView,
  HoldView,
  PaymentGatewayName,
  PaymentMethodsView,
  PaymentMethodView,
  PaymentView,
  UpdateDemographicsDto,
  UserView,
  WeekView,
} from '@medbook/contracts';
import { api } from '../../../shared/api-client';
import type { BookingExtrasBody } from '../booking-extras';
import { newCommandId } from '../../../shared/command-id';

const enc = encodeURIComponent;

export const bookingApi = {
  calendar: (calendarId: string) => api<CalendarView>('GET', `/calendars/${enc(calendarId)}`),
  /** With `minPosition`, the week reflects that change (read your writes). */
  week: (calendarId: string, startDate: string, minPosition: number | null = null) =>
    api<WeekView>(
      'GET',
      `/calendars/${enc(calendarId)}/week?start_date=${enc(startDate)}${
        minPosition === null ? '' : `&min_position=${minPosition}`
      }`,
    ),
  me: () => api<UserView>('GET', '/users/me'),
  /** With a command id, holding again answers with the hold that id made (a reload re-reads it). */
  hold: (calendarId: string, startDate: string, patientId?: string, commandId?: string) =>
    api<HoldView>('PUT', `/calendars/${enc(calendarId)}/slots/hold`, {
      start_date: startDate,
      ...(patientId ? { patient_id: patientId } : {}),
      ...(commandId ? { command_id: commandId } : {}),
    }),
  release: (hold: HoldView, patientId?: string) =>
    api<{ position: number | null }>(
      'DELETE',
      `/calendars/${enc(hold.calendar_id)}/slots/hold/${enc(hold.hold_id)}`,
      { start_date: hold.start_date, ...(patientId ? { patient_id: patientId } : {}) },
    ),
  book: (
    body: {
      calendar_id: string;
      start_date: string;
      patient_id?: string;
      hold_id?: string;
      reason?: string;
      command_id: string;
    } & BookingExtrasBody,
  ) => api<BookingResult>('POST', '/appointments', body),
  familyMembers: (patientId: string) =>
    // 204 (no record) when the patient has no family member yet.
    api<FamilyMemberView[] | null>('GET', `/patients/${enc(patientId)}/family-members`).then(
      (found) => found ?? [],
    ),
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
  insurances: () => api<InsuranceView[]>('GET', '/insurances'),
  paymentSettings: (calendarId: string) =>
    api<BookingPaymentSettings>('GET', `/calendars/${enc(calendarId)}/payment-settings`),
  payVisitFee: (body: {
    calendar_id: string;
    insured: boolean;
    amount: number;
    card?: CardDto;
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
      command_id: newCommandId(),
    }),
  /** Null (the spec's 204, no record) until the patient's demographics are first saved. */
  demographics: (patientId: string) =>
    api<DemographicsView | null>('GET', `/patients/${enc(patientId)}/demographics`),
  saveDemographics: (patientId: string, body: UpdateDemographicsDto) =>
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
  savePaymentMethod: (patientId: string, card: CardDto) =>
    api<PaymentMethodView>('POST', `/patients/${enc(patientId)}/payment-methods`, {
      card,
      command_id: newCommandId(),
    }),
};
