import { Module } from '@nestjs/common';
import { ROOM_RULES, type RoomRules } from '../../infra/realtime/live-access';
import { IdentityModule } from '../identity/identity.module';
import { socketCaller } from '../identity/auth/socket-authorizer';
import { MeetingConnectionReaper, MeetingConnections } from './meeting-connections';
import { MeetingSockets } from './meeting-sockets';
import { MeetingService } from './meeting.service';
import { TelehealthController } from './telehealth.controller';

/** `meeting:<id>` (status, participants, chat) is for those the meeting itself lets see it. */
const telehealthRoomRules = (meetings: MeetingService): RoomRules => ({
  meeting: (identity, appointmentId) => meetings.mayWatch(socketCaller(identity), appointmentId),
});

/** Video visits: readiness, waiting room, the call's signalling, chat, notes, reviews (issue 17). */
@Module({
  imports: [IdentityModule],
  controllers: [TelehealthController],
  providers: [
    MeetingService,
    MeetingSockets,
    MeetingConnections,
    MeetingConnectionReaper,
    { provide: ROOM_RULES, useFactory: telehealthRoomRules, inject: [MeetingService] },
  ],
})
export class TelehealthModule {}
