import type { AppointmentStatus } from '@medbook/contracts';

export interface QueueAction {
  readonly label: 'Check in' | 'Waiting room' | 'Start visit' | 'Check out';
  readonly status: AppointmentStatus;
}

const CHECK_IN: QueueAction = { label: 'Check in', status: 'Checked-In' };
const WAITING_ROOM: QueueAction = { label: 'Waiting room', status: 'Waiting-Room' };
const START_VISIT: QueueAction = { label: 'Start visit', status: 'In Progress' };
const CHECK_OUT: QueueAction = { label: 'Check out', status: 'Checked-Out' };

/**
 * The moves the board offers for a walk-in, as the status table allows them: a booked walk-in is
 * checked in, sent to the waiting room or seen; a visit in progress is checked out.
 */
export function queueActions(status: AppointmentStatus): readonly QueueAction[] {
  switch (status) {
    case 'Scheduled':
    case 'Accepted':
    case 'Confirmed':
      return [CHECK_IN, WAITING_ROOM, START_VISIT];
    case 'Checked-In':
      return [WAITING_ROOM, START_VISIT];
    case 'Waiting-Room':
      return [START_VISIT];
    case 'In Progress':
      return [CHECK_OUT];
    case 'Pending':
    case 'Waiting-List':
    case 'Checked-Out':
    case 'Canceled':
    case 'Rejected':
    case 'No-Show':
      return [];
  }
}

/** "You are number N in line" and its neighbours for the patient's card. */
export function queuePlaceText(index: number | null, status: AppointmentStatus): string {
  if (index !== null) return `You are number ${index} in line`;
  if (status === 'In Progress') return 'Your visit is in progress';
  if (status === 'Checked-Out') return 'Your visit is complete';
  return 'You are no longer in the queue';
}
