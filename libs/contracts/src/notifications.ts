import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsISO8601,
  IsOptional,
  IsUUID,
} from 'class-validator';
import type { AppointmentStatus } from './appointment-status';
import { ConsistentReadQuery } from './read-your-writes';

/** The spec's notification states: a notification is New until the practice has seen it. */
export const NOTIFICATION_STATUSES = ['New', 'Seen'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** What happened to the appointment the notification is about. */
export const NOTIFICATION_TYPES = ['Booked', 'Requested', 'Canceled', 'Rescheduled'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Days of notifications the panel lists (section 9: notification window 7 days). */
export const NOTIFICATION_WINDOW_DAYS = 7;

const invalid = { message: 'Invalid' };

/** The list's window; without one, the last 7 days up to the start of tomorrow. */
export class PracticeNotificationsQuery extends ConsistentReadQuery {
  @IsOptional()
  @IsISO8601({ strict: true }, invalid)
  start?: string;

  @IsOptional()
  @IsISO8601({ strict: true }, invalid)
  end?: string;
}

/** `?status=Seen`: the only change a practice user makes to notifications. */
export class NotificationStatusQuery {
  @IsIn(['Seen'], invalid)
  status!: 'Seen';
}

export class UpdateNotificationsStatusDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @IsUUID('all', { each: true, ...invalid })
  notification_ids!: string[];

  /** Client-chosen: a retry with the same id writes nothing and answers the same. */
  @IsOptional()
  @IsUUID()
  command_id?: string;
}

export interface NotificationPatientName {
  readonly first_name: string | null;
  readonly last_name: string | null;
}

/**
 * Who did what the notification tells, from its event's metadata (issue 18): their account and
 * role then, and their name as the directory knows it. Null on notifications from before.
 */
export interface NotificationActor {
  /** A user id, or 'system' for what the service did on its own (an expired hold, say). */
  readonly user_id: string;
  /** Patient, Provider, PracticeAdmin, Staff, SuperUser, SupportAgent or System. */
  readonly role: string | null;
  readonly name: string | null;
}

/** The spec's notification fields (section 3, Other), plus what happened. */
export interface NotificationView {
  readonly id: string;
  readonly practice_id: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly patient_id: string;
  readonly appointment_id: string;
  readonly notification_type: NotificationType;
  readonly notification_status: NotificationStatus;
  readonly appointment_status: AppointmentStatus;
  readonly appointment_start_date: string;
  readonly notification_date: string;
  readonly patient_name: NotificationPatientName;
  readonly provider_name: string | null;
  readonly resource_name: string | null;
  readonly profile_picture_uri: string | null;
  /** Who acted (the event's own actor); null on notifications raised before it was kept. */
  readonly actor: NotificationActor | null;
  /** A reschedule's former start (what it moved from); null for other notifications. */
  readonly from_start_date: string | null;
  /** The visit's zone (its facility's): the sentence's times read in it. */
  readonly time_zone: string | null;
}

/** Requests are the notifications whose appointment is still Pending. */
export interface PracticeNotifications {
  readonly new_notifications: NotificationView[];
  readonly seen_notifications: NotificationView[];
  readonly new_requests_notifications: NotificationView[];
  readonly seen_requests_notifications: NotificationView[];
}

/** The spec's push payload for a new notification on `practice:<id>`. */
export interface NotificationAddedMessage {
  readonly practiceId: string;
  readonly providerId: string | null;
  readonly resourceId: string | null;
  readonly patientId: string;
  readonly id: string;
  readonly appointmentId: string;
  readonly notificationStatus: NotificationStatus;
  readonly appointmentStatus: AppointmentStatus;
  readonly appointmentStartDate: string;
  readonly position: number;
}

/** The bell count (New in the window) and the requests count (Pending appointments). */
export interface NotificationCountsMessage {
  readonly practiceId: string;
  readonly notificationCount: number;
  readonly requestsCount: number;
  readonly position: number;
}

/** The spec's settings push: the accept/reject flag of a provider's calendar. */
export interface AcceptRejectSettingMessage {
  readonly userId: string;
  readonly isAcceptRejectSettingEnabled: boolean;
  readonly position: number;
}
