/** The spec's appointment statuses, exactly. */
export const APPOINTMENT_STATUSES = [
  'No-Show',
  'Pending',
  'Accepted',
  'Rejected',
  'Scheduled',
  'Confirmed',
  'Canceled',
  'Checked-In',
  'Checked-Out',
  'Waiting-Room',
  'In Progress',
  'Waiting-List',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

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

/** The statuses no change leaves: the visit is over, or will not take place. */
export const FINAL_STATUSES: readonly AppointmentStatus[] = APPOINTMENT_STATUSES.filter(
  (status) => STATUS_TRANSITIONS[status].length === 0,
);

export const isFinal = (status: AppointmentStatus): boolean => FINAL_STATUSES.includes(status);

/**
 * The final statuses in which the appointment was called off (canceled or rejected): it keeps no
 * place and counts for nothing, unlike a visit that took place or a no-show.
 */
export const CALLED_OFF_STATUSES: readonly AppointmentStatus[] = ['Canceled', 'Rejected'];

export const canMove = (from: AppointmentStatus, to: AppointmentStatus): boolean =>
  STATUS_TRANSITIONS[from].includes(to);

export const illegalTransition = (from: AppointmentStatus, to: AppointmentStatus): string =>
  `An appointment that is ${from} cannot become ${to}.`;
