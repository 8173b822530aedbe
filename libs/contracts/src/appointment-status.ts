import { IsOptional, Matches } from 'class-validator';
import { ConsistentReadQuery } from './practice.dto';
import type { AppointmentStatus } from './scheduling';

/**
 * The one table of legal status changes, shared by the deciders and the practice's lists (which
 * offer only these). Pending requests are accepted or rejected; accepted, scheduled and confirmed
 * visits move through check-in, the waiting room and the visit; a visit that never happened is a
 * no-show. Canceled, Rejected, Checked-Out and No-Show are final.
 */
export const STATUS_TRANSITIONS: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> =
  {
    'Waiting-List': ['Pending', 'Scheduled', 'Canceled'],
    Pending: ['Accepted', 'Rejected', 'Canceled'],
    Accepted: ['Confirmed', 'Checked-In', 'Waiting-Room', 'In Progress', 'No-Show', 'Canceled'],
    Scheduled: ['Confirmed', 'Checked-In', 'Waiting-Room', 'In Progress', 'No-Show', 'Canceled'],
    Confirmed: ['Checked-In', 'Waiting-Room', 'In Progress', 'No-Show', 'Canceled'],
    'Checked-In': ['Waiting-Room', 'In Progress', 'Checked-Out', 'Canceled'],
    'Waiting-Room': ['In Progress', 'Checked-Out', 'Canceled'],
    'In Progress': ['Checked-Out'],
    'Checked-Out': [],
    Canceled: [],
    Rejected: [],
    'No-Show': [],
  };

export const canMove = (from: AppointmentStatus, to: AppointmentStatus): boolean =>
  STATUS_TRANSITIONS[from].includes(to);

export const illegalTransition = (from: AppointmentStatus, to: AppointmentStatus): string =>
  `An appointment that is ${from} cannot become ${to}.`;

/** Today's counts of the whole practice (the staff's and admin's dashboards). */
export class PracticeCountQuery extends ConsistentReadQuery {
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Invalid' })
  date?: string;
}
