import type {
  ColumnType,
  Generated,
  GeneratedAlways,
  Insertable,
  RawBuilder,
  Selectable,
} from 'kysely';

/** bigint columns come back from postgres.js as strings; numbers go in. */
type Int8 = ColumnType<string, number | string, number | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** jsonb columns: read as parsed values, written as `sql` casts of their JSON text. */
type Json = ColumnType<unknown, RawBuilder<string>, RawBuilder<string>>;

export interface ProjectionCheckpointsTable {
  name: string;
  commit_position: Int8;
  position: Int8;
  updated_at: Timestamp | null;
  failing_position: Int8 | null;
  failing_event_type: string | null;
  failing_error: string | null;
  failing_since: Timestamp | null;
  failing_attempts: Generated<number>;
}

export interface PracticesTable {
  practice_id: string;
  name: string;
  time_zone: string;
  registered_at: Timestamp;
  position: Int8;
}

export interface AuditTrailTable {
  position: Int8;
  event_id: string;
  stream_id: string;
  stream_category: string;
  event_type: string;
  actor_id: string | null;
  actor_role: string | null;
  on_behalf_of: string | null;
  ip: string | null;
  user_agent: string | null;
  correlation_id: string | null;
  causation_id: string | null;
  command_id: string | null;
  recorded_at: Timestamp;
}

export interface PassportKeysTable {
  kid: string;
  public_key: Buffer;
  first_used_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface AuthKeysTable {
  kid: string;
  secret: Buffer;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface AuthCredentialsTable {
  user_id: string;
  email: string;
  password_hash: string | null;
  updated_at: Timestamp;
}

export interface AuthSocialIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface AuthSessionsTable {
  session_id: string;
  user_id: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
  time_zone: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface AuthRefreshTokensTable {
  token_hash: Buffer;
  session_id: string;
  generation: number;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AuthCodesTable {
  code_id: string;
  purpose: 'password_reset' | 'mobile_verification';
  user_id: string;
  target: string;
  code_hash: Buffer;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AuthResetTokensTable {
  token_hash: Buffer;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AuthLoginFailuresTable {
  id: ColumnType<string, never, never>;
  account: string;
  ip: string | null;
  failed_at: Timestamp;
}

export interface OutboxMessagesTable {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Timestamp;
}

export interface UsersTable {
  user_id: string;
  type: string;
  email: string;
  first_name: string;
  last_name: string;
  middle_name: string | null;
  birth_date: string | null;
  gender: string | null;
  mobile_number: string | null;
  is_mobile_verified: ColumnType<boolean, boolean | undefined, boolean>;
  zip_code: string | null;
  time_zone: string | null;
  practice_id: string | null;
  sms_alerts_consent: ColumnType<boolean, boolean | undefined, boolean>;
  otp_consent: ColumnType<boolean, boolean | undefined, boolean>;
  social_provider: string | null;
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  registered_at: Timestamp;
  position: Int8;
}

export interface FamilyMembersTable {
  member_id: string;
  patient_id: string;
  relationship: string;
  first_name: string;
  last_name: string;
  middle_name: string | null;
  birth_date: string | null;
  gender: string | null;
  added_at: Timestamp;
  position: Int8;
}

export interface AuthOidcRequestsTable {
  state: string;
  provider: string;
  nonce: string;
  code_verifier: string;
  redirect: string | null;
  created_at: Timestamp;
}

export interface AuthTicketsTable {
  ticket_hash: Buffer;
  kind: 'session' | 'social_signup';
  payload: ColumnType<unknown, RawBuilder<string>, RawBuilder<string>>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface CalendarsTable {
  calendar_id: string;
  practice_id: string;
  provider_id: string | null;
  resource_id: string | null;
  facility_id: string;
  name: string;
  settings: ColumnType<unknown, RawBuilder<string>, RawBuilder<string>>;
  position: Int8;
}

export interface SlotCapacityTable {
  calendar_id: string;
  start_at: Timestamp;
  capacity: number;
  holds: number;
  bookings: number;
  position: Int8;
}

export interface SlotHoldsTable {
  hold_id: string;
  calendar_id: string;
  start_at: Timestamp;
  patient_id: string;
  expires_at: Timestamp;
}

export interface AppointmentsTable {
  appointment_id: string;
  calendar_id: string;
  practice_id: string;
  provider_id: string | null;
  resource_id: string | null;
  facility_id: string;
  patient_id: string;
  booked_by: string;
  start_date: Timestamp;
  end_date: Timestamp;
  time_zone: string;
  visit_type: string;
  visit_schedule_type: string;
  reason: string | null;
  status: string;
  rejected_by: string | null;
  cancel_reason: string | null;
  rejection_reason: ColumnType<string | null, string | null | undefined, string | null>;
  outside_schedule: ColumnType<boolean, boolean | undefined, boolean>;
  is_lab_test_appointment: ColumnType<boolean, boolean | undefined, boolean>;
  created_on: Timestamp;
  updated_at: Timestamp;
  position: Int8;
}

export interface AppointmentRequestLogsTable {
  appointment_id: string;
  practice_id: string;
  action: string;
  action_by_userid: string;
  action_at: Timestamp;
  position: Int8;
}

export interface DirectoryEntriesTable {
  id: string;
  kind: string;
  practice_id: string;
  name: string;
  details: ColumnType<unknown, RawBuilder<string>, RawBuilder<string>>;
  registered_at: Timestamp;
  position: Int8;
}

/** Each practice's New notifications per UTC day of their date (migration 0047). */
export interface NotificationNewDaysTable {
  practice_id: string;
  day: ColumnType<string, string, string>;
  new_count: number;
}

export interface NotificationsTable {
  notification_id: string;
  practice_id: string;
  provider_id: string | null;
  resource_id: string | null;
  patient_id: string;
  appointment_id: string;
  notification_type: string;
  notification_status: string;
  appointment_status: string;
  appointment_start_date: Timestamp;
  notification_date: Timestamp;
  position: Int8;
  actor_id: ColumnType<string | null, string | null | undefined, string | null>;
  actor_role: ColumnType<string | null, string | null | undefined, string | null>;
  from_start_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface NotificationAppointmentsTable {
  appointment_id: string;
  practice_id: string;
  provider_id: string | null;
  resource_id: string | null;
  patient_id: string;
  status: string;
  start_date: Timestamp;
  position: Int8;
}

export interface NotificationCalendarsTable {
  calendar_id: string;
  practice_id: string;
  provider_id: string | null;
  accept_reject_enabled: boolean;
  position: Int8;
}

export interface WaitlistTable {
  calendar_id: string;
  patient_id: string;
  joined_by: string;
  provider_id: string | null;
  resource_id: string | null;
  practice_id: string;
  type: string;
  seq: Int8;
  joined_at: Timestamp;
  position: Int8;
}

export interface WaitlistOffersTable {
  offer_id: string;
  calendar_id: string;
  patient_id: string;
  start_date: Timestamp;
  hold_id: string;
  expires_at: Timestamp;
  status: string;
  offered_at: Timestamp;
  appointment_id: string | null;
  position: Int8;
}

export interface WalkInQueueTable {
  appointment_id: string;
  practice_id: string;
  /** The line's owner: a provider or (a resource calendar's walk-in) a resource. */
  provider_id: string | null;
  resource_id: string | null;
  calendar_id: string;
  patient_id: string;
  booked_by: string;
  visit_type: string;
  status: string;
  waiting: boolean;
  arrived_at: Timestamp;
  seq: Int8;
  position: Int8;
}

/** Every table the application reads or writes through Kysely. */
export interface SearchPracticesTable {
  practice_id: string;
  name: string;
  position: Int8;
}

export interface SearchFacilitiesTable {
  facility_id: string;
  practice_id: string;
  name: string;
  details: ColumnType<unknown, RawBuilder<string>, RawBuilder<string>>;
  latitude: number | null;
  longitude: number | null;
  position: Int8;
}

export interface SearchProvidersTable {
  provider_id: string;
  practice_id: string;
  first_name: string;
  last_name: string;
  gender_code: string;
  specialties_key: string[];
  conditions_key: string[];
  insurances_key: string[];
  /** Lower-cased languages (migration 0031). */
  languages_key: string[];
  facility_ids: string[];
  search_text: string;
  profile_ranking: number;
  card: ColumnType<unknown, RawBuilder<string>, RawBuilder<string>>;
  position: Int8;
}

export interface SearchProviderFacilitiesTable {
  provider_id: string;
  facility_id: string;
  latitude: number | null;
  longitude: number | null;
}

export interface SearchCalendarsTable {
  calendar_id: string;
  provider_id: string;
  facility_id: string;
  visit_type: string;
  time_zone: string;
  working_days: number[];
  first_hour: number;
  last_hour: number;
  /** The calendar's weekly hours when it has them (they place the slots then). */
  weekly_hours: Json | null;
  /** Generated: minutes of the ISO week the calendar is open (calendar_open_hours, 0049). */
  open_hours: GeneratedAlways<string>;
  date_from: ColumnType<string, string, string>;
  date_to: ColumnType<string | null, string | null, string | null>;
  online_booking_disabled: boolean;
  position: Int8;
}

export interface MeetingConnectionsTable {
  connection_id: string;
  appointment_id: string;
  participant_id: string;
  joined_at: Generated<Date>;
}

export interface DB {
  meeting_connections: MeetingConnectionsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  rm_practices: PracticesTable;
  rm_directory_entries: DirectoryEntriesTable;
  rm_search_practices: SearchPracticesTable;
  rm_search_facilities: SearchFacilitiesTable;
  rm_search_providers: SearchProvidersTable;
  rm_search_provider_facilities: SearchProviderFacilitiesTable;
  rm_search_calendars: SearchCalendarsTable;
  rm_audit_trail: AuditTrailTable;
  auth_keys: AuthKeysTable;
  passport_keys: PassportKeysTable;
  auth_credentials: AuthCredentialsTable;
  auth_social_identities: AuthSocialIdentitiesTable;
  auth_sessions: AuthSessionsTable;
  auth_refresh_tokens: AuthRefreshTokensTable;
  auth_codes: AuthCodesTable;
  auth_reset_tokens: AuthResetTokensTable;
  auth_login_failures: AuthLoginFailuresTable;
  outbox_messages: OutboxMessagesTable;
  auth_oidc_requests: AuthOidcRequestsTable;
  auth_tickets: AuthTicketsTable;
  rm_users: UsersTable;
  rm_calendars: CalendarsTable;
  rm_slot_capacity: SlotCapacityTable;
  rm_slot_holds: SlotHoldsTable;
  rm_appointments: AppointmentsTable;
  rm_appointment_request_logs: AppointmentRequestLogsTable;
  rm_family_members: FamilyMembersTable;
  rm_notifications: NotificationsTable;
  rm_notification_new_days: NotificationNewDaysTable;
  rm_notification_appointments: NotificationAppointmentsTable;
  rm_notification_calendars: NotificationCalendarsTable;
  rm_waitlist: WaitlistTable;
  rm_waitlist_offers: WaitlistOffersTable;
  rm_walk_in_queue: WalkInQueueTable;
  rm_provider_ratings: ProviderRatingsTable;
  rm_vaccinations: VaccinationsTable;
  check_in_files: CheckInFilesTable;
  rm_dci_settings: DciSettingsTable;
  rm_dci_consents: DciConsentsTable;
  rm_dci_appointments: DciAppointmentsTable;
  rm_survey_settings: SurveySettingsTable;
  rm_visit_feedback: VisitFeedbackTable;
  rm_practice_audit: PracticeAuditTable;
  rm_practice_audit_appointments: PracticeAuditAppointmentsTable;
  rm_practice_audit_calendars: PracticeAuditCalendarsTable;
  rm_practice_audit_users: PracticeAuditUsersTable;
  rm_analytics_calendars: AnalyticsCalendarsTable;
  rm_analytics_calendar_versions: AnalyticsCalendarVersionsTable;
  rm_analytics_weeks: AnalyticsWeeksTable;
  rm_analytics_appointments: AnalyticsAppointmentsTable;
  rm_analytics_freed_places: AnalyticsFreedPlacesTable;
  rm_analytics_offers: AnalyticsOffersTable;
}

/** date columns: postgres.js reads them as Dates (midnight UTC); YYYY-MM-DD goes in. */
type CalendarDay = ColumnType<Date, string, string>;

export interface AnalyticsCalendarsTable {
  calendar_id: string;
  practice_id: string;
  provider_id: string | null;
  time_zone: string;
  settings: Json;
  first_week: CalendarDay;
  last_week: CalendarDay | null;
}

export interface AnalyticsCalendarVersionsTable {
  calendar_id: string;
  position: Int8;
  effective_from: Timestamp;
  settings: Json;
}

export interface AnalyticsWeeksTable {
  calendar_id: string;
  week_start: CalendarDay;
  practice_id: string;
  provider_id: string | null;
  slots_offered: number;
}

export interface AnalyticsAppointmentsTable {
  appointment_id: string;
  calendar_id: string;
  week_start: CalendarDay;
  start_date: Timestamp;
  booked_at: Timestamp;
  status: string;
  canceled_at: Timestamp | null;
}

export interface AnalyticsFreedPlacesTable {
  position: Int8;
  calendar_id: string;
  slot_start: Timestamp;
  week_start: CalendarDay;
  freed_at: Timestamp;
  refilled_at: Timestamp | null;
}

export interface AnalyticsOffersTable {
  offer_id: string;
  calendar_id: string;
  week_start: CalendarDay;
  status: string;
}

export interface PracticeAuditUsersTable {
  user_id: string;
  practice_id: string | null;
  name: string;
  type: string;
}

export interface PracticeAuditTable {
  position: Int8;
  practice_id: string;
  kind: string;
  event_type: string;
  summary: string;
  changes: Json;
  patient_id: string | null;
  appointment_id: string | null;
  calendar_id: string | null;
  actor_id: string | null;
  actor_role: string | null;
  on_behalf_of: string | null;
  ip: string | null;
  user_agent: string | null;
  correlation_id: string | null;
  recorded_at: Timestamp;
}

export interface PracticeAuditAppointmentsTable {
  appointment_id: string;
  practice_id: string;
  patient_id: string;
  calendar_id: string;
  start_date: Timestamp;
  time_zone: string;
}

export interface PracticeAuditCalendarsTable {
  calendar_id: string;
  practice_id: string;
  settings: Json;
}

export interface CheckInFilesTable {
  file_id: string;
  appointment_id: string;
  practice_id: string;
  patient_id: string;
  kind: string;
  content_type: string;
  size: number;
  sha256: string;
  bytes: Uint8Array;
  uploaded_by: string;
  uploaded_at: Timestamp;
}

export interface DciSettingsTable {
  provider_id: string;
  practice_id: string;
  settings: Json;
  position: Int8;
}

export interface DciConsentsTable {
  consent_id: string;
  practice_id: string;
  title: string;
  body: string;
  version: number;
  required: boolean;
  updated_at: Timestamp;
  position: Int8;
}

export interface DciAppointmentsTable {
  appointment_id: string;
  practice_id: string;
  signed_consents: Json;
  copay_paid: ColumnType<boolean, boolean | undefined, boolean>;
  insurance_card: ColumnType<boolean, boolean | undefined, boolean>;
  forms_done: ColumnType<boolean, boolean | undefined, boolean>;
  arrived: ColumnType<boolean, boolean | undefined, boolean>;
  insurance_card_sides: ColumnType<string[], string[] | undefined, string[]>;
  awaiting_entry: ColumnType<boolean, boolean | undefined, boolean>;
  ready: ColumnType<boolean, boolean | undefined, boolean>;
  information_steps: ColumnType<string[], string[] | undefined, string[]>;
  position: Int8;
}

export interface ProviderRatingsTable {
  provider_id: string;
  review_count: number;
  rating_sum: number;
  position: Int8;
}

export interface VaccinationsTable {
  vaccination_id: string;
  patient_id: string;
  vaccine_kind: string;
  vaccine_name: string;
  administered_on: string;
  lot_number: string;
  dose_number: number;
  practice_id: string;
  practice_name: string;
  recorded_by: string;
  recorded_at: Timestamp;
  position: Int8;
}

export interface SurveySettingsTable {
  provider_id: string;
  practice_id: string;
  post_visit_survey_enabled: boolean;
  post_visit_feedback_enabled: boolean;
  patient_survey_instructions: string | null;
  survey_link_base: string | null;
  has_reputation_enabled: boolean;
  reputation_business_id: string | null;
  place_id: ColumnType<string | null, string | null | undefined, string | null>;
  reviews_url: ColumnType<string | null, string | null | undefined, string | null>;
  position: Int8;
}

export interface VisitFeedbackTable {
  appointment_id: string;
  practice_id: string;
  provider_id: string | null;
  resource_id: string | null;
  facility_id: string;
  patient_id: string;
  booked_by: string;
  start_date: Timestamp;
  time_zone: string;
  status: string;
  completed_at: Timestamp | null;
  survey_link: string | null;
  feedback_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  rating: number | null;
  comment: string | null;
  reviewed_at: Timestamp | null;
  survey_invited_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  position: Int8;
}

export type PracticeRow = Selectable<PracticesTable>;
export type NewAuditEntry = Insertable<AuditTrailTable>;

export type UserRow = Selectable<UsersTable>;
export type FamilyMemberRow = Selectable<FamilyMembersTable>;
export type AppointmentRow = Selectable<AppointmentsTable>;
