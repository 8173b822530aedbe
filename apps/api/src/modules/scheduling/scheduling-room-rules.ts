import type { RoomRules } from '../../infra/realtime/live-access';
import type { AccessPolicy } from '../identity/auth/access-policy';
import { socketCaller } from '../identity/auth/socket-authorizer';
import type { SchedulingReader } from './queries/scheduling-reader';

/**
 * `calendar:<id>` is public (visitors watch availability with a guest token);
 * `appointment:<id>` is its patient's (or the account that booked it) and its practice's staff.
 */
export const schedulingRoomRules = (reader: SchedulingReader, policy: AccessPolicy): RoomRules => ({
  calendar: () => Promise.resolve(true),
  appointment: async (identity, appointmentId) => {
    if (identity.type === 'Guest') return false;
    // The appointment's own stream, not the read model: a room may be joined right after booking.
    const found = await reader.appointment(appointmentId).catch(() => null);
    return found ? policy.mayReachAppointment(socketCaller(identity), found.details) : false;
  },
});
