import type { ColumnType, Insertable, Selectable } from 'kysely';

/** bigint columns come back from postgres.js as strings; numbers go in. */
type Int8 = ColumnType<string, number | string, number | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface ProjectionCheckpointsTable {
  name: string;
  commit_position: Int8;
  position: Int8;
  updated_at: Timestamp | null;
}

export interface PracticesTable {
  practice_id: string;
  name: string;
  time_zone: string;
  registered_at: Timestamp;
  position: Int8;
}

export interface AuditTrailTable {
  position: Int8;
  event_id: string;
  stream_id: string;
  stream_category: string;
  event_type: string;
  actor_id: string | null;
  actor_role: string | null;
  on_behalf_of: string | null;
  ip: string | null;
  user_agent: string | null;
  correlation_id: string | null;
  causation_id: string | null;
  command_id: string | null;
  recorded_at: Timestamp;
}

/** Every table the application reads or writes through Kysely. */
export interface DB {
  projection_checkpoints: ProjectionCheckpointsTable;
  rm_practices: PracticesTable;
  rm_audit_trail: AuditTrailTable;
}

export type PracticeRow = Selectable<PracticesTable>;
export type NewAuditEntry = Insertable<AuditTrailTable>;
