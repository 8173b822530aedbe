import { type AppointmentStatus, CALLED_OFF_STATUSES } from '@medbook/contracts';

// The table lives in the contracts: the practice's screens offer exactly the changes it allows.
export { STATUS_TRANSITIONS, canMove, illegalTransition } from '@medbook/contracts';

/** Statuses in which the appointment holds its place in the slot. */
export const HOLDS_SLOT = (status: AppointmentStatus): boolean =>
  !CALLED_OFF_STATUSES.includes(status) && status !== 'Waiting-List';
