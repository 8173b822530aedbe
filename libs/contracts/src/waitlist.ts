import { IsIn, IsISO8601, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { ConsistentReadQuery } from './read-your-writes';

/** The spec's waitlist reason codes (section 3, Other). */
export const WAITLIST_TYPES = ['appointment-unavailable', 'patient-ineligible'] as const;
export type WaitlistType = (typeof WAITLIST_TYPES)[number];

/** What an offer of a freed slot became. */
export const WAITLIST_OFFER_STATUSES = ['Offered', 'Accepted', 'Declined', 'Expired'] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

/** The waitlist's texts: the spec's where it gives them (sections 2.10, 5, 8). */
export const WAITLIST_MESSAGES = {
  added: 'Added to waitlist',
  onlyPatient: 'Only patient can be added into waitlist',
  alreadyOnList: "You're already on the waitlist",
  notEnabled: 'This calendar has no waiting list.',
  notOnList: 'You are not on the waitlist of this calendar.',
  left: 'Removed from waitlist',
  offerNotFound: 'This offer is no longer available.',
  offerEnded: 'This offer has ended: the slot was passed to the next patient in line.',
  offerDeclined: 'Offer declined',
  offerAccepted: 'Appointment booked successfully.',
  /** Ours (issue 18): the practice's own actions on its lists. */
  patientNotOnList: 'This patient is not on the waiting list of this calendar.',
  patientHasOffer: 'This patient already has an open offer on this calendar.',
  offered: 'Slot offered to the patient.',
  removed: 'Patient removed from the waiting list.',
  removalReasonTooLong: `The reason can be at most 500 characters.`,
} as const;

/** The practice's reason for taking a patient off a list: told to them and kept in the trail. */
export const WAITLIST_REMOVAL_REASON_MAX_LENGTH = 500;

const invalid = { message: 'Invalid' };

/** POST /waitlist: the caller (a patient) or a family member joins a calendar's waiting list. */
export class JoinWaitlistDto {
  @IsUUID(undefined, invalid)
  calendar_id!: string;

  @IsOptional()
  @IsUUID(undefined, invalid)
  patient_id?: string;

  @IsOptional()
  @IsIn(WAITLIST_TYPES, invalid)
  type?: WaitlistType;

  /** Client-chosen: a retry with the same id writes nothing and answers the same. */
  @IsOptional()
  @IsUUID()
  command_id?: string;
}

/** GET /waitlist/exists: is this patient (default the caller) on this calendar's list? */
export class WaitlistExistsQuery extends ConsistentReadQuery {
  @IsUUID(undefined, invalid)
  calendar_id!: string;

  @IsOptional()
  @IsUUID(undefined, invalid)
  patient_id?: string;
}

/** DELETE /waitlist/calendars/{id}: leave the list (the caller or a family member). */
export class LeaveWaitlistQuery {
  @IsOptional()
  @IsUUID(undefined, invalid)
  patient_id?: string;
}

/**
 * POST /calendars/{id}/waitlist/offers: the practice holds one of the calendar's free slots for a
 * patient on its list, of its choosing (the same offer, hold and expiry as the next in line gets).
 */
export class OfferWaitlistSlotDto {
  @IsUUID(undefined, invalid)
  patient_id!: string;

  @IsISO8601({ strict: true }, invalid)
  start_date!: string;

  /** Client-chosen: a retry with the same id writes nothing and answers the same. */
  @IsOptional()
  @IsUUID()
  command_id?: string;
}

/**
 * DELETE /calendars/{id}/waitlist/{patient_id}: the practice takes a patient off the list, with
 * a reason if it gives one (the patient's email says it, and the practice's trail keeps it).
 */
export class RemoveFromWaitlistDto {
  @IsOptional()
  @IsString(invalid)
  @MaxLength(WAITLIST_REMOVAL_REASON_MAX_LENGTH, {
    message: WAITLIST_MESSAGES.removalReasonTooLong,
  })
  reason?: string;
}

/** An offer of a freed slot, held for the patient until `expires_at`. */
export interface WaitlistOfferView {
  readonly offer_id: string;
  readonly calendar_id: string;
  readonly patient_id: string;
  readonly start_date: string;
  readonly hold_id: string;
  readonly expires_at: string;
  readonly status: WaitlistOfferStatus;
  readonly offered_at: string;
  readonly appointment_id: string | null;
}

/** The spec's waitlist item (section 3) plus its place in line and any live offer. */
export interface WaitlistItemView {
  readonly calendar_id: string;
  readonly patient_id: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly practice_id: string;
  readonly type: WaitlistType;
  /** 1 for the next patient in line on this calendar. */
  readonly position: number;
  readonly joined_at: string;
  readonly calendar_name: string | null;
  /** The facility's zone: offered times read in it. */
  readonly time_zone: string | null;
  readonly practice_name: string | null;
  readonly offer: WaitlistOfferView | null;
  /** Who waits (the patient or family member), as the practice's lists show them. */
  readonly patient_name?: string | null;
  readonly patient_birth_date?: string | null;
  readonly patient_phone?: string | null;
}

/** What a practice user's action on a list answers: where its last event stands in the log. */
export interface WaitlistActionResult {
  readonly calendar_id: string;
  readonly patient_id: string;
  readonly position: number;
  /** The offer made (for an offer). */
  readonly offer_id?: string;
}

/** Pushed to `practice:<id>` (and the patient's `user:<id>`) when a list or an offer changes. */
export interface WaitlistChangedMessage {
  readonly practice_id: string;
  readonly calendar_id: string;
  readonly patient_id: string;
  readonly change: 'joined' | 'left' | 'booked' | 'removed' | 'offered' | 'offer-ended';
  readonly position: number;
}

export interface WaitlistExistsView {
  readonly exists: boolean;
  readonly item: WaitlistItemView | null;
}

export interface WaitlistJoined {
  readonly calendar_id: string;
  readonly patient_id: string;
  readonly position: number;
  /** The event's global position: pass as min_position to read your write. */
  readonly event_position: number;
}

/** Pushed to `user:<patient>` when an offer is made, accepted, declined or expires. */
export interface WaitlistOfferMessage {
  readonly offer: WaitlistOfferView;
  readonly position: number;
}
