import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { DATABASE, type Database } from '../../infra/database/database';
import { systemContext } from '../../infra/http/request-context';
import { PeriodicJob } from '../../infra/jobs/periodic-job';
import { Leadership } from '../../infra/leadership/leadership';
import { LOGGER } from '../../infra/logging/logger';
import {
  LIVE_PUBLISHER,
  type SocketLivePublisher,
} from '../../infra/realtime/socket-live-publisher';
import { MeetingService } from './meeting.service';

/** The room of a call's sockets (see MeetingSockets). */
export const callRoom = (appointmentId: string) => `meeting-call:${appointmentId}`;

/** A connection younger than this is left alone (it may be joining its rooms this moment). */
const GRACE_SECONDS = 5;

export interface MeetingConnection {
  readonly connection_id: string;
  readonly appointment_id: string;
  readonly participant_id: string;
}

/** The sockets in video calls, as each process writes them when one joins and leaves. */
@Injectable()
export class MeetingConnections {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async track(connection: MeetingConnection): Promise<void> {
    await this.database.db
      .insertInto('meeting_connections')
      .values(connection)
      .onConflict((oc) => oc.column('connection_id').doNothing())
      .execute();
  }

  async untrack(connectionId: string): Promise<void> {
    await this.database.db
      .deleteFrom('meeting_connections')
      .where('connection_id', '=', connectionId)
      .execute();
  }

  /** Those that joined more than the grace period ago (by the database's clock). */
  settled(): Promise<MeetingConnection[]> {
    return this.database.db
      .selectFrom('meeting_connections')
      .select(['connection_id', 'appointment_id', 'participant_id'])
      .where('joined_at', '<', sql<Date>`now() - make_interval(secs => ${GRACE_SECONDS})`)
      .orderBy('appointment_id')
      .execute();
  }
}

/**
 * Records the leave of a call's socket whose API process died. A socket's own disconnect records
 * its leave; a process killed outright (or cut off from the database as its sockets went)
 * records nothing, and the meeting would count those connections, and the others in the call keep
 * a peer that never answers, until the meeting ends. Every few seconds the leader asks every
 * process, through the socket.io adapter, which sockets are in each call that has connections on
 * record; one on record but in no process's room has gone: its leave is recorded (as the
 * service's own), the call is told the peer left, and its record goes. When a process does not
 * answer in time (the adapter drops a dead one after its heartbeat timeout), that call waits for
 * the next run: a connection is never counted gone on a partial answer.
 */
@Injectable()
export class MeetingConnectionReaper extends PeriodicJob {
  constructor(
    private readonly connections: MeetingConnections,
    private readonly meetings: MeetingService,
    @Inject(LIVE_PUBLISHER) private readonly publisher: SocketLivePublisher,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    leadership: Leadership,
  ) {
    super({
      name: 'meeting connection reaper',
      intervalMs: config.meetingReaperIntervalMs,
      leadership,
      logger,
    });
  }

  /** One run now (tests); answers how many connections it found gone. */
  reapNow(): Promise<number> {
    return this.runOnce();
  }

  protected async work(): Promise<number> {
    const byCall = new Map<string, MeetingConnection[]>();
    for (const connection of await this.connections.settled()) {
      byCall.set(connection.appointment_id, [
        ...(byCall.get(connection.appointment_id) ?? []),
        connection,
      ]);
    }
    let gone = 0;
    for (const [appointmentId, recorded] of byCall) {
      const present = await this.publisher.socketIdsIn(callRoom(appointmentId));
      if (!present) continue;
      for (const connection of recorded) {
        if (present.has(connection.connection_id)) continue;
        await this.meetings.leave(
          connection.participant_id,
          appointmentId,
          connection.connection_id,
          systemContext('meeting connection reaper'),
        );
        this.publisher.liveServer?.to(callRoom(appointmentId)).emit('meeting.peer-left', {
          appointment_id: appointmentId,
          socket_id: connection.connection_id,
        });
        await this.connections.untrack(connection.connection_id);
        gone += 1;
      }
    }
    if (gone > 0) this.logger.info({ gone }, 'left calls recorded for connections that had gone');
    return gone;
  }
}
