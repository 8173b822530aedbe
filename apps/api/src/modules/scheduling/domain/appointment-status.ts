import type { AppointmentStatus } from '@medbook/contracts';

// The table lives in the contracts: the practice's screens offer exactly the changes it allows.
export { STATUS_TRANSITIONS, canMove, illegalTransition } from '@medbook/contracts';

/** Statuses in which the appointment holds its place in the slot. */
export const HOLDS_SLOT = (status: AppointmentStatus): boolean =>
  !['Canceled', 'Rejected', 'Waiting-List'].includes(status);
