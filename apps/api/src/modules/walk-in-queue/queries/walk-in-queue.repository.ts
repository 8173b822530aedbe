import type { ProviderWalkInQueue, WalkInQueueEntry } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../../infra/clock';
import { DATABASE, type Database } from '../../../infra/database/database';
import { readCheckpoint } from '../../../infra/projections/projection-checkpoints';
import { walkInQueueProjection } from '../projections/walk-in-queue.projection';
import { countWaiting, lineOwner, type QueueLine, readQueueLines } from './queue-lines';

/** Reads of the walk-in queues, each with the projection position it reflects. */
@Injectable()
export class WalkInQueueRepository {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The lines of a practice's (or one provider's) queues, read as one snapshot. */
  async lines(filter: {
    practiceId?: string;
    providerId?: string;
    resourceId?: string;
  }): Promise<{ lines: QueueLine[]; position: number }> {
    return this.database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const checkpoint = await readCheckpoint(trx, walkInQueueProjection.name);
        const lines = await readQueueLines(trx, filter, this.clock.now());
        return { lines, position: checkpoint.position };
      });
  }

  /**
   * One queue per provider or resource, with the names the board shows (read at query time):
   * the providers' first, then the resources'.
   */
  async practiceQueues(
    practiceId: string,
    filter: { providerId?: string; resourceId?: string } = {},
  ): Promise<{ queues: ProviderWalkInQueue[]; position: number }> {
    const { lines, position } = await this.lines({ practiceId, ...filter });
    const userIds = [
      ...new Set(
        lines.flatMap((l) => (l.provider_id ? [l.patient_id, l.provider_id] : [l.patient_id])),
      ),
    ];
    const names = await this.names(userIds);
    const resourceNames = await this.resourceNames([
      ...new Set(lines.flatMap((l) => (l.resource_id ? [l.resource_id] : []))),
    ]);
    const byOwner = new Map<string, QueueLine[]>();
    for (const line of lines) {
      const owner = lineOwner(line);
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), line]);
    }
    const ordered = [...byOwner.values()].sort(
      (a, b) => Number(a[0]!.provider_id === null) - Number(b[0]!.provider_id === null),
    );
    const queues = ordered.map((own) => {
      const { provider_id, resource_id } = own[0]!;
      const name = provider_id ? names.get(provider_id) : undefined;
      return {
        provider_id,
        resource_id: provider_id ? null : resource_id,
        provider_name: provider_id
          ? name
            ? `${name.first_name ?? ''} ${name.last_name ?? ''}`.trim()
            : null
          : (resourceNames.get(resource_id!) ?? null),
        patients_in_queue: countWaiting(own),
        entries: own.map((line): WalkInQueueEntry => {
          const patient = names.get(line.patient_id);
          return {
            appointment_id: line.appointment_id,
            calendar_id: line.calendar_id,
            patient_id: line.patient_id,
            patient_name: {
              first_name: patient?.first_name ?? null,
              last_name: patient?.last_name ?? null,
            },
            status: line.status,
            queue_index: line.queue_index,
            arrived_at: line.arrived_at.toISOString(),
            visit_type: line.visit_type,
          };
        }),
      };
    });
    return { queues, position };
  }

  /** Resources' names, from the practice's directory. */
  private async resourceNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.database.db
      .selectFrom('rm_directory_entries')
      .select(['id', 'name'])
      .where('kind', '=', 'resource')
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Account names, or a family member's for patients booked by a relative. */
  private async names(
    ids: readonly string[],
  ): Promise<Map<string, { first_name: string | null; last_name: string | null }>> {
    if (ids.length === 0) return new Map();
    const users = await this.database.db
      .selectFrom('rm_users')
      .select(['user_id', 'first_name', 'last_name'])
      .where('user_id', 'in', ids)
      .execute();
    const found = new Map(
      users.map((u) => [u.user_id, { first_name: u.first_name, last_name: u.last_name }]),
    );
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      const members = await this.database.db
        .selectFrom('rm_family_members')
        .select(['member_id', 'first_name', 'last_name'])
        .where('member_id', 'in', missing)
        .execute();
      for (const m of members)
        found.set(m.member_id, { first_name: m.first_name, last_name: m.last_name });
    }
    return found;
  }
}
