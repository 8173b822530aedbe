import { IsOptional, IsUUID } from 'class-validator';
import type { AppointmentStatus } from './appointment-status';
import { ConsistentReadQuery, type Positioned } from './read-your-writes';

/**
 * The walk-in queue (issue 6 item 4). A walk-in appointment waits in its provider's queue while
 * it is booked, Checked-In or in the Waiting-Room; In Progress takes it out of the waiting line
 * (it stays on the board until Checked-Out); Checked-Out, Canceled, No-Show and Rejected take it
 * off the queue.
 */
export const WALK_IN_WAITING_STATUSES = [
  'Scheduled',
  'Accepted',
  'Confirmed',
  'Pending',
  'Checked-In',
  'Waiting-Room',
] as const satisfies readonly AppointmentStatus[];

/**
 * A walk-in is seen the day it arrives: one still open this many hours after its arrival (never
 * checked out or canceled) no longer counts in the queue or its numbers.
 */
export const WALK_IN_QUEUE_HOURS = 12;

export const isWaitingInQueue = (status: AppointmentStatus): boolean =>
  (WALK_IN_WAITING_STATUSES as readonly string[]).includes(status);

/** Waiting, or in the visit: the statuses in which a walk-in is on its provider's board. */
export const onWalkInBoard = (status: AppointmentStatus): boolean =>
  isWaitingInQueue(status) || status === 'In Progress';

/** The logout dialog's texts (second document, section 2.13), verbatim. */
export const PATIENTS_IN_QUEUE_DIALOG = {
  title: 'Patients in Queue',
  logout: 'Logout',
  stay: 'Stay',
  question: 'Are you sure you want to leave?',
} as const;

/** 'You still have N patient(s) in queue', singular when 1. */
export const patientsInQueueText = (count: number): string =>
  `You still have ${count} ${count === 1 ? 'patient' : 'patients'} in queue`;

/** `?provider_id=` or `?resource_id=` narrows the practice's board to one provider or resource. */
export class WalkInQueueQuery extends ConsistentReadQuery {
  @IsOptional()
  @IsUUID('all', { message: 'Invalid' })
  provider_id?: string;

  @IsOptional()
  @IsUUID('all', { message: 'Invalid' })
  resource_id?: string;
}

export interface WalkInQueueEntry {
  readonly appointment_id: string;
  readonly calendar_id: string;
  readonly patient_id: string;
  readonly patient_name: { readonly first_name: string | null; readonly last_name: string | null };
  readonly status: AppointmentStatus;
  /** 1-based place in the waiting line ("you are number N"); null once the visit has started. */
  readonly queue_index: number | null;
  /** When the walk-in was booked: the queue's order. */
  readonly arrived_at: string;
  readonly visit_type: string;
}

/**
 * One line of the board: a provider's, or a resource's (walk-ins on a resource calendar, such as
 * a lab draw): exactly one of `provider_id` and `resource_id` is set, `provider_name` names it.
 */
export interface ProviderWalkInQueue {
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  /** The provider's name, or the resource's. */
  readonly provider_name: string | null;
  readonly patients_in_queue: number;
  /** Waiting patients first, in line order, then visits in progress. */
  readonly entries: readonly WalkInQueueEntry[];
}

/** GET practices/{id}/walk-in-queue: one queue per provider or resource with a walk-in on the board. */
export interface PracticeWalkInQueue extends Positioned {
  readonly practice_id: string;
  readonly queues: readonly ProviderWalkInQueue[];
}

/** GET appointments/{id}/queue-position: the patient's own place. */
export interface QueuePositionView extends Positioned {
  readonly appointment_id: string;
  /** The line's owner: the provider, or (a resource calendar's walk-in) the resource. */
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly status: AppointmentStatus;
  /** Null when the appointment is no longer waiting (in progress, or off the queue). */
  readonly queue_index: number | null;
  readonly patients_in_queue: number;
  readonly in_queue: boolean;
}

/** GET providers/{id}/patients-in-queue: the logout dialog's number. */
export interface PatientsInQueueView extends Positioned {
  readonly provider_id: string;
  readonly patients_in_queue: number;
}

/** Pushed to `appointment:<id>` and the patient's `user:` rooms after each commit that moves it. */
export interface QueueIndexMessage extends Positioned {
  readonly appointmentId: string;
  readonly patientId: string;
  readonly providerId: string | null;
  readonly resourceId: string | null;
  readonly status: AppointmentStatus;
  readonly queueIndex: number | null;
  readonly patientsInQueue: number;
}

/** Pushed to `practice:<id>` (and a provider's `user:` room): the queue changed. */
export interface WalkInQueueMessage extends Positioned {
  readonly practiceId: string;
  /** The line's owner: a provider, or a resource (one of the two). */
  readonly providerId: string | null;
  readonly resourceId: string | null;
  readonly patientsInQueue: number;
  /** The queue in order (waiting then in progress), without names: the board fetches those. */
  readonly entries: readonly {
    readonly appointmentId: string;
    readonly patientId: string;
    readonly status: AppointmentStatus;
    readonly queueIndex: number | null;
  }[];
}
