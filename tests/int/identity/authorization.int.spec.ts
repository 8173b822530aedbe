import { randomUUID } from 'node:crypto';
import type { UserType } from '@medbook/contracts';
import { createUser, sha256, type TestUser } from '../../support/accounts';
import { createCalendar, tomorrowsSlot } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Every route of the API, and who may reach other people's objects through it. Each signed-in
 * role calls every non-public route with other users' ids; anyone not listed must get 403 or 404.
 * A route missing from this table fails the test, so a new route cannot skip the check.
 */
type Access =
  | { kind: 'public' }
  /** Acts on the caller alone (no object id in the path). */
  | { kind: 'self'; types: readonly UserType[] | 'all' }
  /** Addresses someone else's object; only these types may. */
  | { kind: 'object'; reachOthers: readonly UserType[] };

interface RouteCase {
  readonly access: Access;
  readonly body?: Record<string, unknown>;
  /** Query string naming other people's objects. */
  readonly query?: string;
}

const OPERATORS: UserType[] = ['SuperUser', 'SupportAgent'];

const ROUTES: Record<string, RouteCase> = {
  'GET /api/v1/health': { access: { kind: 'public' } },
  'GET /api/v1/ops/projections': { access: { kind: 'self', types: OPERATORS } },
  'GET /api/v1/ops/health': { access: { kind: 'self', types: OPERATORS } },
  'GET /api/v1/ops/audit-verification': { access: { kind: 'self', types: OPERATORS } },
  'POST /api/v1/ops/projections/{name}/parked-events': {
    access: { kind: 'self', types: OPERATORS },
    body: { position: 1, reason: 'authorization test' },
  },
  'GET /api/v1/practices/{practice_id}': { access: { kind: 'public' } },
  'GET /api/v1/dev/outbox': { access: { kind: 'public' } },
  'POST /api/v1/auth/signup': { access: { kind: 'public' } },
  'POST /api/v1/auth/login': { access: { kind: 'public' } },
  'POST /api/v1/auth/guest': { access: { kind: 'public' } },
  'POST /api/v1/auth/refresh': { access: { kind: 'public' } },
  'POST /api/v1/auth/forgot-password': { access: { kind: 'public' } },
  'POST /api/v1/auth/verify-code': { access: { kind: 'public' } },
  'PUT /api/v1/auth/reset-password': { access: { kind: 'public' } },
  'GET /api/v1/auth/social/providers': { access: { kind: 'public' } },
  'GET /api/v1/auth/social/{provider}/start': { access: { kind: 'public' } },
  'GET /api/v1/auth/social/{provider}/callback': { access: { kind: 'public' } },
  'POST /api/v1/auth/social/exchange': { access: { kind: 'public' } },
  'POST /api/v1/auth/social/signup': { access: { kind: 'public' } },
  'POST /api/v1/practices': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: { name: 'Another Practice', time_zone: 'UTC' },
  },
  'POST /api/v1/auth/check': { access: { kind: 'self', types: 'all' } },
  'POST /api/v1/auth/logout': { access: { kind: 'self', types: 'all' } },
  'PUT /api/v1/auth/password': {
    access: { kind: 'self', types: 'all' },
    body: { old_password: sha256('wrong'), password: sha256('new') },
  },
  'GET /api/v1/users/me': { access: { kind: 'self', types: 'all' } },
  'POST /api/v1/auth/sms/send': { access: { kind: 'self', types: ['Patient'] }, body: {} },
  'POST /api/v1/auth/sms/verify': {
    access: { kind: 'self', types: ['Patient'] },
    body: { code: '123456' },
  },
  'PUT /api/v1/auth/sms/consents': {
    access: { kind: 'self', types: ['Patient'] },
    body: { sms_alerts_consent: true, otp_consent: false },
  },
  'GET /api/v1/users/{user_id}': { access: { kind: 'object', reachOthers: OPERATORS } },
  'PUT /api/v1/users/{user_id}/status': {
    access: { kind: 'object', reachOthers: OPERATORS },
    body: { disabled: false },
  },
  'PUT /api/v1/users/{user_id}/role': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: { type: 'Patient' },
  },
  // A practice's people reach the practice's patients only: the victim never came to theirs.
  'GET /api/v1/patients/{patient_id}': { access: { kind: 'object', reachOthers: OPERATORS } },
  'PUT /api/v1/patients/{patient_id}': {
    access: { kind: 'object', reachOthers: OPERATORS },
    body: { first_name: 'Kim', last_name: 'Doe' },
  },
  'GET /api/v1/patients/{patient_id}/family-members': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'POST /api/v1/patients/{patient_id}/family-members': {
    access: { kind: 'object', reachOthers: [] },
    body: { first_name: 'Kim', last_name: 'Doe', relationship: 'Child' },
  },
  'GET /api/v1/calendars/{calendar_id}/week': { access: { kind: 'public' } },
  'GET /api/v1/practices/{practice_id}/{kind}': { access: { kind: 'public' } },
  'GET /api/v1/practices/{practice_id}/{kind}/{id}': { access: { kind: 'public' } },
  'POST /api/v1/practices/{practice_id}/facilities': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: {
      name: 'Intruder facility',
      iana_time_zone: 'UTC',
      office_visit: true,
      tele_visit: false,
      address: { address1: '1 Main St', city: 'Austin', state: 'TX', zip_code: '78701' },
    },
  },
  'POST /api/v1/practices/{practice_id}/providers': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: {
      first_name: 'Eve',
      last_name: 'Intruder',
      provider_type: 'local',
      specialties: [],
      facility_ids: [],
    },
  },
  'POST /api/v1/practices/{practice_id}/resources': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: { name: 'Intruder room', kind: 'Room', facility_ids: [] },
  },
  'PUT /api/v1/practices/{practice_id}/facilities/{id}': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: {
      name: 'Intruder facility',
      iana_time_zone: 'UTC',
      office_visit: true,
      tele_visit: false,
      address: { address1: '1 Main St', city: 'Austin', state: 'TX', zip_code: '78701' },
    },
  },
  'PUT /api/v1/practices/{practice_id}/providers/{id}': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: {
      first_name: 'Eve',
      last_name: 'Intruder',
      provider_type: 'local',
      specialties: [],
      facility_ids: [],
    },
  },
  'PUT /api/v1/practices/{practice_id}/resources/{id}': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: { name: 'Intruder room', kind: 'Room', facility_ids: [] },
  },
  'GET /api/v1/practices/{practice_id}/custom-forms': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
  },
  'POST /api/v1/practices/{practice_id}/calendars/preview': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: {
      name: 'Intruder preview',
      facility_id: '00000000-0000-4000-8000-000000000001',
      provider_id: '00000000-0000-4000-8000-000000000002',
      time_zone: 'UTC',
      visit_type: 'Office',
      first_hour: 8,
      last_hour: 12,
      time_step: 30,
      date_from: '2030-01-01',
      booking_capacity: 1,
    },
  },
  'POST /api/v1/calendars/{calendar_id}/preview': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: { weekly_hours: [{ weekday: 1, spans: [{ start: '08:00', end: '12:00' }] }] },
  },
  'POST /api/v1/practices/{practice_id}/visit-reasons': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: { title: 'Intruder reason' },
  },
  'GET /api/v1/calendars/{calendar_id}': { access: { kind: 'public' } },
  'GET /api/v1/calendars': { access: { kind: 'public' } },
  'PUT /api/v1/calendars/{calendar_id}': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: { name: 'Renamed by someone else' },
  },
  'POST /api/v1/calendars/{calendar_id}/blocks': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: { start: '2030-01-01T10:00:00Z', end: '2030-01-01T11:00:00Z' },
  },
  'DELETE /api/v1/calendars/{calendar_id}/blocks': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: { start: '2030-01-01T10:00:00Z', end: '2030-01-01T11:00:00Z' },
  },
  'POST /api/v1/calendars/{calendar_id}/reasons': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: { title: 'Intruder reason' },
  },
  'PUT /api/v1/calendars/{calendar_id}/reasons': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: { title: 'Intruder reason', week_time_frame: [1] },
  },
  'DELETE /api/v1/calendars/{calendar_id}/reasons': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: { title: 'Intruder reason' },
  },
  'GET /api/v1/practices/{practice_id}/calendars': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
  },
  'GET /api/v1/calendars/{calendar_id}/next-availability': { access: { kind: 'public' } },
  'POST /api/v1/calendars/reason-based/week': { access: { kind: 'public' } },
  'GET /api/v1/specialties': { access: { kind: 'public' } },
  'GET /api/v1/conditions': { access: { kind: 'public' } },
  'GET /api/v1/insurances': { access: { kind: 'public' } },
  'GET /api/v1/insurances/{id}/plans': { access: { kind: 'public' } },
  'GET /api/v1/languages': { access: { kind: 'public' } },
  'GET /api/v1/races': { access: { kind: 'public' } },
  'GET /api/v1/ethnicities': { access: { kind: 'public' } },
  'GET /api/v1/states/all': { access: { kind: 'public' } },
  'GET /api/v1/board-certifications': { access: { kind: 'public' } },
  'GET /api/v1/professional-suffixes': { access: { kind: 'public' } },
  'GET /api/v1/hospital-affiliations': { access: { kind: 'public' } },
  'GET /api/v1/zipcodes': { access: { kind: 'public' } },
  'GET /api/v1/zipcodes/by-coordinates': { access: { kind: 'public' } },
  'GET /api/v1/zipcodes/{code}': { access: { kind: 'public' } },
  'POST /api/v1/providers/search': { access: { kind: 'public' } },
  'GET /api/v1/providers/online': { access: { kind: 'public' } },
  'POST /api/v1/resources/search': { access: { kind: 'public' } },
  'GET /api/v1/search/map-config': { access: { kind: 'public' } },
  'PUT /api/v1/appointments/{appointment_id}/confirm': {
    access: { kind: 'object', reachOthers: [] },
    body: {},
  },
  'PUT /api/v1/appointments/{appointment_id}/check-in': {
    access: { kind: 'object', reachOthers: [] },
    body: {},
  },
  'GET /api/v1/appointments/{appointment_id}/check-in-pass': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'GET /api/v1/practices/{practice_id}/kiosk/appointments': {
    access: { kind: 'object', reachOthers: [] },
    query: '?code=ABCDEF12',
  },
  'PUT /api/v1/kiosk/appointments/{appointment_id}/check-in': {
    access: { kind: 'object', reachOthers: [] },
    body: {},
  },
  'POST /api/v1/appointments/{appointment_id}/complete': {
    access: { kind: 'object', reachOthers: [] },
    body: {},
  },
  'POST /api/v1/practices/{practice_id}/calendars': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: {
      name: 'Intruder calendar',
      provider_id: randomUUID(),
      facility_id: randomUUID(),
      time_zone: 'UTC',
      visit_type: 'Office',
      first_hour: 8,
      last_hour: 9,
      time_step: 30,
      date_from: '2026-01-01',
      booking_capacity: 1,
    },
  },
  'PUT /api/v1/calendars/{calendar_id}/slots/hold': {
    access: { kind: 'object', reachOthers: [] },
    body: { start_date: '{slot}', patient_id: '{victim}' },
  },
  'DELETE /api/v1/calendars/{calendar_id}/slots/hold/{hold_id}': {
    access: { kind: 'object', reachOthers: [] },
    body: { start_date: '{slot}', patient_id: '{victim}' },
  },
  'POST /api/v1/appointments/walk-in': {
    access: { kind: 'object', reachOthers: [] },
    body: { calendar_id: '{calendar}', patient_id: '{victim}' },
  },
  'GET /api/v1/tele/appointments/{appointment_id}/get': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  // A video visit's meeting: its patient, its provider, staff and guests it let in; nobody else.
  'GET /api/v1/appointments/{appointment_id}/meeting': {
    access: { kind: 'object', reachOthers: [] },
  },
  'POST /api/v1/appointments/{appointment_id}/meeting/ready': {
    access: { kind: 'object', reachOthers: [] },
    body: {},
  },
  'POST /api/v1/appointments/{appointment_id}/meeting/start': {
    access: { kind: 'object', reachOthers: [] },
    body: {},
  },
  'POST /api/v1/appointments/{appointment_id}/meeting/participants/{participant_id}/admit': {
    access: { kind: 'object', reachOthers: [] },
    body: {},
  },
  'DELETE /api/v1/appointments/{appointment_id}/meeting/participants/{participant_id}': {
    access: { kind: 'object', reachOthers: [] },
  },
  'POST /api/v1/appointments/{appointment_id}/meeting/messages': {
    access: { kind: 'object', reachOthers: [] },
    body: { text: 'intruder' },
  },
  'PUT /api/v1/appointments/{appointment_id}/visit-notes': {
    access: { kind: 'object', reachOthers: [] },
    body: { value: 'intruder' },
  },
  'POST /api/v1/appointments/{appointment_id}/meeting/invitations': {
    access: { kind: 'object', reachOthers: [] },
    body: { kind: 'guest', name: 'Eve Intruder' },
  },
  'POST /api/v1/meeting-invitations/redeem': { access: { kind: 'public' } },
  // The audit trail: the practice's admins and operators; a timeline also to its patient.
  'GET /api/v1/practices/{practice_id}/audit': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'GET /api/v1/practices/{practice_id}/audit/export': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'GET /api/v1/appointments/{appointment_id}/history': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  // Analytics: the practice's admins and operators, as the audit trail.
  'GET /api/v1/practices/{practice_id}/analytics': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'GET /api/v1/practices/{practice_id}/analytics/export': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  // A practice admin is answered its own practice only.
  'GET /api/v1/analytics/practices': {
    access: { kind: 'self', types: [...OPERATORS, 'PracticeAdmin'] },
  },
  // The appointments report: the practice's admins and providers (their own), and operators.
  'GET /api/v1/practices/{practice_id}/reports/appointments': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'GET /api/v1/practices/{practice_id}/reports/appointments/csv': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  // The landing page's switch and its demo form are public; operators read the requests.
  'GET /api/v1/marketing/landing': { access: { kind: 'public' } },
  'POST /api/v1/marketing/demo-requests': { access: { kind: 'public' } },
  'GET /api/v1/marketing/demo-requests': { access: { kind: 'self', types: OPERATORS } },
  'POST /api/v1/appointments/{appointment_id}/meeting/end': {
    access: { kind: 'object', reachOthers: [] },
    body: {},
  },
  'POST /api/v1/appointments/{appointment_id}/review': {
    access: { kind: 'object', reachOthers: [] },
    body: { rating: 1 },
  },
  // Surveys and reviews (issue 20): settings and reviews are the practice's; the survey info
  // and a provider's reviews are public; the sign-on is the caller's own practice's.
  'GET /api/v1/providers/{provider_id}/survey-settings': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'PUT /api/v1/providers/{provider_id}/survey-settings': {
    access: { kind: 'object', reachOthers: OPERATORS },
    body: {
      post_visit_survey_enabled: false,
      post_visit_feedback_enabled: false,
      has_reputation_enabled: false,
    },
  },
  'GET /api/v1/practices/{practice_id}/survey-settings': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'GET /api/v1/practices/{practice_id}/reviews': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'GET /api/v1/appointments/{appointment_id}/survey': { access: { kind: 'public' } },
  'GET /api/v1/appointments/{appointment_id}/feedback': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'GET /api/v1/me/visit-feedback': { access: { kind: 'self', types: 'all' } },
  'GET /api/v1/providers/{provider_id}/reviews': { access: { kind: 'public' } },
  'GET /api/v1/reputation-management/single-sign-on': {
    access: { kind: 'self', types: ['Provider', 'PracticeAdmin', 'Staff'] },
  },
  'POST /api/v1/appointments': {
    access: { kind: 'object', reachOthers: [] },
    body: { calendar_id: '{calendar}', start_date: '{slot}', patient_id: '{victim}' },
  },
  'GET /api/v1/appointments/provider': {
    access: { kind: 'object', reachOthers: OPERATORS },
    query: '?doctorId={practiceUser}',
  },
  'GET /api/v1/appointments/staff': {
    access: { kind: 'object', reachOthers: OPERATORS },
    query: '?staffId={practiceUser}',
  },
  'GET /api/v1/appointments/patient': {
    access: { kind: 'object', reachOthers: OPERATORS },
    query: '?patientId={victim}',
  },
  'GET /api/v1/appointments/doctor-count': {
    access: { kind: 'object', reachOthers: OPERATORS },
    query: '?doctorId={practiceUser}',
  },
  'GET /api/v1/appointments/practice-count': {
    access: { kind: 'self', types: ['Provider', 'PracticeAdmin', 'Staff'] },
  },
  'POST /api/v1/appointments/requests': {
    access: { kind: 'self', types: ['Provider', 'PracticeAdmin', 'Staff'] },
    body: {},
  },
  'POST /api/v1/appointments/request-logs': {
    access: { kind: 'self', types: ['Provider', 'PracticeAdmin', 'Staff'] },
    body: {},
  },
  'GET /api/v1/appointments/{appointment_id}': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'DELETE /api/v1/appointments/{appointment_id}': {
    access: { kind: 'object', reachOthers: OPERATORS },
    body: { reason: 'not mine' },
  },
  'PUT /api/v1/appointments/{appointment_id}/reschedule': {
    access: { kind: 'object', reachOthers: [] },
    body: { start_date: '{slot}' },
  },
  'PUT /api/v1/appointments/{appointment_id}/status': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: { status: 'Confirmed' },
  },
  // Each request is decided on its own: another practice's gets its own 403 in the answer.
  'POST /api/v1/appointments/requests/decisions': {
    access: { kind: 'self', types: ['Provider', 'PracticeAdmin', 'Staff', 'SuperUser'] },
    body: { decisions: [{ appointment_id: '{victim}', status: 'Accepted' }] },
  },
  'GET /api/v1/practices/{practice_id}/notifications': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'GET /api/v1/practices/{practice_id}/notifications/counts': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'GET /api/v1/practices/{practice_id}/notifications/{notification_id}': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'PUT /api/v1/practices/{practice_id}/notifications/status': {
    access: { kind: 'object', reachOthers: OPERATORS },
    query: '?status=Seen',
    body: { notification_ids: [randomUUID()] },
  },
  'POST /api/v1/waitlist': {
    access: { kind: 'object', reachOthers: [] },
    body: { calendar_id: '{calendar}', patient_id: '{victim}' },
  },
  'GET /api/v1/waitlist/patients/{patient_id}': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'GET /api/v1/waitlist/exists': {
    access: { kind: 'object', reachOthers: OPERATORS },
    query: '?calendar_id={calendar_id}&patient_id={patient_id}',
  },
  'GET /api/v1/calendars/{calendar_id}/waitlist': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'GET /api/v1/practices/{practice_id}/waitlist': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'POST /api/v1/calendars/{calendar_id}/waitlist/offers': {
    access: { kind: 'object', reachOthers: [] },
    body: { patient_id: '{victim}', start_date: '{slot}' },
  },
  'DELETE /api/v1/calendars/{calendar_id}/waitlist/{patient_id}': {
    access: { kind: 'object', reachOthers: [] },
  },
  'DELETE /api/v1/waitlist/calendars/{calendar_id}': {
    access: { kind: 'object', reachOthers: [] },
    query: '?patient_id={patient_id}',
  },
  'PUT /api/v1/waitlist/offers/{offer_id}/accept': { access: { kind: 'object', reachOthers: [] } },
  'PUT /api/v1/waitlist/offers/{offer_id}/decline': { access: { kind: 'object', reachOthers: [] } },
  'GET /api/v1/calendars/{calendar_id}/payment-settings': { access: { kind: 'public' } },
  'GET /api/v1/practices/{practice_id}/payment-settings': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'PUT /api/v1/practices/{practice_id}/payment-settings': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: {
      online_payment_enabled: false,
      online_payment_gateway: null,
      enable_card_on_file: false,
      has_paypal_account: false,
    },
  },
  'POST /api/v1/payments/visit-fee': { access: { kind: 'self', types: ['Patient'] }, body: {} },
  'GET /api/v1/payments/{payment_id}': { access: { kind: 'object', reachOthers: [] } },
  'POST /api/v1/payments/{payment_id}/cancel-visit-fee': {
    access: { kind: 'object', reachOthers: [] },
    body: {},
  },
  'POST /api/v1/appointments/{appointment_id}/associate-payment': {
    access: { kind: 'object', reachOthers: [] },
    body: { amount: 75, gateway: 'Stripe', payment_id: randomUUID() },
  },
  'GET /api/v1/patients/{patient_id}/get-payment-methods': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'POST /api/v1/patients/{patient_id}/payment-methods': {
    access: { kind: 'object', reachOthers: [] },
    body: {
      card: {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2040,
        cvc: '123',
        name_on_card: 'Eve Intruder',
      },
    },
  },
  'GET /api/v1/calendars/{calendar_id}/custom-forms': { access: { kind: 'public' } },
  'POST /api/v1/calendars/{calendar_id}/screening': {
    access: { kind: 'object', reachOthers: OPERATORS },
    body: { patient_id: '{victim}', form_id: 'covid-screening', answers: {} },
  },
  'GET /api/v1/patients/{patient_id}/demographics': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'PUT /api/v1/patients/{patient_id}/demographics': {
    access: { kind: 'object', reachOthers: OPERATORS },
    body: { sex: 'Other' },
  },
  'POST /api/v1/insurance/eligibility': {
    access: { kind: 'object', reachOthers: OPERATORS },
    body: {
      calendar_id: '{calendar}',
      patient_id: '{victim}',
      insurance_id: 1,
      plan_id: 101,
      member_id: 'W123456789',
    },
  },
  'GET /api/v1/practices/{practice_id}/users': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'POST /api/v1/practices/{practice_id}/users': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: {
      first_name: 'New',
      last_name: 'Staffer',
      email: `new-${randomUUID().slice(0, 6)}@example.com`,
      password: sha256('x'),
      type: 'Staff',
    },
  },
  'GET /api/v1/practices/{practice_id}/schedule': {
    access: { kind: 'object', reachOthers: [] },
    query: '?date=2026-12-01&view=day',
  },
  'GET /api/v1/practices/{practice_id}/schedule/appointments/{appointment_id}': {
    access: { kind: 'object', reachOthers: [] },
  },
  'GET /api/v1/practices/{practice_id}/patients': {
    access: { kind: 'object', reachOthers: [] },
    query: '?q=Rosa',
  },
  'POST /api/v1/practices/{practice_id}/patients': {
    access: { kind: 'object', reachOthers: [] },
    body: {
      first_name: 'Desk',
      last_name: 'Patient',
      birth_date: '1980-01-02',
      mobile_number: '5550001111',
    },
  },
  'GET /api/v1/practices/{practice_id}/walk-in-queue': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'GET /api/v1/appointments/{appointment_id}/queue-position': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'GET /api/v1/providers/{provider_id}/patients-in-queue': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'POST /api/v1/practices/{practice_id}/patients/{patient_id}/vaccinations': {
    access: { kind: 'object', reachOthers: ['SuperUser'] },
    body: {
      vaccine_kind: 'Covid',
      vaccine_name: 'Comirnaty',
      administered_on: '2026-01-15',
      lot_number: 'FA1234',
      dose_number: 1,
    },
  },
  'GET /api/v1/patients/{patient_id}/vaccinations': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'GET /api/v1/patients/{patient_id}/vaccination-passport': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'POST /api/v1/patients/{patient_id}/vaccination-passport/email-link': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'GET /api/v1/patients/{patient_id}/vaccination-passports': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'POST /api/v1/vaccination-passports/verification': { access: { kind: 'public' } },
  // Digital check-in (issue 20): a provider's settings and a practice's consents are that
  // practice's; an appointment's check-in is its patient's (or guardian's) and its practice's.
  'GET /api/v1/providers/{provider_id}/digital-check-in-settings': {
    access: { kind: 'object', reachOthers: [] },
  },
  'PUT /api/v1/providers/{provider_id}/digital-check-in-settings': {
    access: { kind: 'object', reachOthers: [] },
    body: { digital_check_in_enabled: true },
  },
  'GET /api/v1/practices/{practice_id}/consents': { access: { kind: 'object', reachOthers: [] } },
  'POST /api/v1/practices/{practice_id}/consents': {
    access: { kind: 'object', reachOthers: [] },
    body: { title: 'Intruder consent', text: 'Sign here.', required: true },
  },
  'PUT /api/v1/practices/{practice_id}/consents/{consent_id}': {
    access: { kind: 'object', reachOthers: [] },
    body: { title: 'Intruder consent', text: 'Sign here.', required: true },
  },
  'GET /api/v1/appointments/{appointment_id}/digital-check-in': {
    access: { kind: 'object', reachOthers: OPERATORS },
  },
  'POST /api/v1/appointments/{appointment_id}/consents/{consent_id}/signature': {
    access: { kind: 'object', reachOthers: [] },
    body: { version: 1, kind: 'typed', typed_name: 'Intruder' },
  },
  'DELETE /api/v1/appointments/{appointment_id}/consents/{consent_id}/signature': {
    access: { kind: 'object', reachOthers: [] },
  },
  'POST /api/v1/appointments/{appointment_id}/copay': {
    access: { kind: 'object', reachOthers: [] },
    body: {
      amount: 25,
      payment_method_id: '00000000-0000-4000-8000-000000000001',
      command_id: '00000000-0000-4000-8000-000000000002',
    },
  },
  'PUT /api/v1/appointments/{appointment_id}/insurance-card/{side}': {
    access: { kind: 'object', reachOthers: [] },
  },
  'POST /api/v1/appointments/{appointment_id}/check-in-forms': {
    access: { kind: 'object', reachOthers: [] },
    body: { screening_id: '00000000-0000-4000-8000-000000000003' },
  },
  'GET /api/v1/check-in-files/{file_id}': { access: { kind: 'object', reachOthers: [] } },
  'GET /api/v1/practices/{practice_id}/check-in-summary': {
    access: { kind: 'object', reachOthers: [] },
  },
  // The settings that act: the patient's arrival, the practice's word to come in, the
  // information collected, the vendor's copy, and the patient's own upcoming check-ins.
  'POST /api/v1/appointments/{appointment_id}/arrival': {
    access: { kind: 'object', reachOthers: [] },
  },
  'POST /api/v1/appointments/{appointment_id}/ready': {
    access: { kind: 'object', reachOthers: [] },
  },
  'PUT /api/v1/appointments/{appointment_id}/emergency-contact': {
    access: { kind: 'object', reachOthers: [] },
    body: { first_name: 'Eve', last_name: 'Intruder', relationship: 'Other', phone: '5550100' },
  },
  'PUT /api/v1/appointments/{appointment_id}/preferred-pharmacy': {
    access: { kind: 'object', reachOthers: [] },
    body: { name: 'Intruder Pharmacy' },
  },
  'PUT /api/v1/appointments/{appointment_id}/medical-history': {
    access: { kind: 'object', reachOthers: [] },
    body: { allergies_history: 'None' },
  },
  'PUT /api/v1/appointments/{appointment_id}/government-id': {
    access: { kind: 'object', reachOthers: [] },
  },
  'POST /api/v1/appointments/{appointment_id}/check-in-steps/{step}/skip': {
    access: { kind: 'object', reachOthers: [] },
  },
  'POST /api/v1/appointments/{appointment_id}/digital-check-in/vendor': {
    access: { kind: 'object', reachOthers: [] },
    body: { redirect_uri: '/dashboard/patient' },
  },
  'PUT /api/v1/appointments/{appointment_id}/check-in-charges': {
    access: { kind: 'object', reachOthers: [] },
    body: { outstanding_balance: 40, deductible: 10 },
  },
  'GET /api/v1/patients/{patient_id}/digital-check-ins': {
    access: { kind: 'object', reachOthers: [] },
  },
};

const SIGNED_IN_TYPES: UserType[] = [
  'Patient',
  'Provider',
  'PracticeAdmin',
  'Staff',
  'SuperUser',
  'SupportAgent',
  'FinancialSuperUser',
];

let app: TestApp;
let routes: { method: string; path: string; key: string }[];
const practiceA = randomUUID();
const practiceB = randomUUID();
let victim: TestUser;
let victimCalendar: string;
let victimAppointment: string;
let victimSlot: string;
let practiceUser: string;

beforeAll(async () => {
  app = await startTestApp();
  const document = (await (await fetch(`${app.url}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({
      method: method.toUpperCase(),
      path,
      key: `${method.toUpperCase()} ${path}`,
    })),
  );
  victim = await createUser(app, 'Patient');
  // Practice B's calendar, and an appointment the victim booked there.
  const practiceBAdmin = await createUser(app, 'PracticeAdmin', practiceB);
  const calendar = await createCalendar(app, {
    practiceId: practiceB,
    admin: practiceBAdmin,
    staff: practiceBAdmin,
    provider: practiceBAdmin,
  });
  victimCalendar = calendar.calendarId;
  practiceUser = practiceBAdmin.userId;
  victimSlot = (await tomorrowsSlot(app, victimCalendar, calendar.position, 0)).start_date;
  const booked = await app.api
    .as(victim)
    .post('/api/v1/appointments', { calendar_id: victimCalendar, start_date: victimSlot });
  victimAppointment = (booked.body.data as { appointment_id: string }).appointment_id;
});

afterAll(async () => {
  await app.close();
});

const concrete = (path: string, query = '') =>
  (path + query)
    .replace('{practiceUser}', practiceUser)
    .replace('{victim}', victim.userId)
    .replace('{user_id}', victim.userId)
    .replace('{patient_id}', victim.userId)
    .replace('{practice_id}', practiceB)
    .replace('{provider_id}', practiceUser)
    .replace('{calendar_id}', victimCalendar)
    .replace('{appointment_id}', victimAppointment)
    .replace('{hold_id}', randomUUID())
    .replace('{id}', randomUUID())
    .replace('{participant_id}', randomUUID())
    .replace('{name}', 'search')
    .replace('{payment_id}', randomUUID())
    .replace('{offer_id}', randomUUID())
    .replace('{notification_id}', randomUUID())
    .replace('{consent_id}', randomUUID())
    .replace('{file_id}', randomUUID())
    .replace('{side}', 'front')
    .replace('{step}', 'preferred-pharmacy');

/** Bodies name other people's objects too. */
const bodyOf = (rule: RouteCase): Record<string, unknown> | undefined =>
  rule.body &&
  (JSON.parse(
    JSON.stringify(rule.body)
      .replaceAll('{victim}', victim.userId)
      .replaceAll('{calendar}', victimCalendar)
      .replaceAll('{slot}', victimSlot),
  ) as Record<string, unknown>);

it('has an access rule for every route the API serves', () => {
  expect(routes.length).toBeGreaterThan(20);
  expect(routes.map((r) => r.key).filter((key) => !(key in ROUTES))).toEqual([]);
});

it('answers 401 on every non-public route without a token', async () => {
  for (const route of routes) {
    const rule = ROUTES[route.key]!;
    if (rule.access.kind === 'public') continue;
    const response = await app.api.request(
      route.method,
      concrete(route.path, rule.query),
      bodyOf(rule),
    );
    expect({ route: route.key, status: response.status }).toEqual({
      route: route.key,
      status: 401,
    });
  }
});

it.each(SIGNED_IN_TYPES)(
  "gives %s only 403 or 404 on routes that address other people's objects",
  async (type) => {
    const practice = ['Provider', 'PracticeAdmin', 'Staff'].includes(type) ? practiceA : null;
    const caller = await createUser(app, type, practice);
    const checked: string[] = [];
    for (const route of routes) {
      const rule = ROUTES[route.key]!;
      const access = rule.access;
      const refusedHere =
        (access.kind === 'object' && !access.reachOthers.includes(type)) ||
        (access.kind === 'self' && access.types !== 'all' && !access.types.includes(type));
      if (!refusedHere) continue;
      const response = await app.api
        .as(caller)
        .request(route.method, concrete(route.path, rule.query), bodyOf(rule));
      const refused = response.status === 403 || response.status === 404;
      expect({ route: route.key, status: response.status, refused }).toEqual({
        route: route.key,
        status: response.status,
        refused: true,
      });
      checked.push(route.key);
    }
    expect(checked.length).toBeGreaterThan(0);
  },
);
