// What a booking costs, measured from outside the server under test (issue 21): CPU from /proc
// (the server's process; PostgreSQL's processes), WAL from the server's insert position, WAL by
// relation from pg_walinspect and statements from pg_stat_statements.
import { readdirSync, readFileSync } from 'node:fs';
import type { Sql } from 'postgres';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux on x86 and arm). */
const TICKS_PER_SECOND = 100;

/** utime, stime, cutime, cstime of /proc/<pid>/stat, in ms (null when the process is gone). */
function procTimes(pid: number): { self: number; children: number; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command may hold spaces and parentheses: the fields go on after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (i: number) => (Number(fields[i]) * 1000) / TICKS_PER_SECOND;
    return { ppid: Number(fields[1]), self: ms(11) + ms(12), children: ms(13) + ms(14) };
  } catch {
    return null;
  }
}

/** The CPU a process has used (user and system, all its threads), in ms. */
export function processCpuMs(pid: number): number {
  return procTimes(pid)?.self ?? 0;
}

/**
 * The CPU PostgreSQL has used, in ms. With the postmaster known (the embedded server): the
 * postmaster, every live child (backends, WAL writer, checkpointer, autovacuum) and the children
 * that have exited (reaped by the postmaster: its cutime and cstime). Otherwise the backends now
 * connected to this database (pg_stat_activity), which misses exited ones and the shared workers.
 */
export async function postgresCpuMs(sql: Sql, postmasterPid: number | null): Promise<number> {
  if (postmasterPid) {
    const postmaster = procTimes(postmasterPid);
    let total = postmaster ? postmaster.self + postmaster.children : 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const times = procTimes(Number(entry));
      if (times?.ppid === postmasterPid) total += times.self;
    }
    return total;
  }
  const backends = await sql<{ pid: number }[]>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database()`;
  return backends.reduce((sum, { pid }) => sum + (procTimes(pid)?.self ?? 0), 0);
}

export async function walLsn(sql: Sql): Promise<string> {
  const [row] = await sql<{ lsn: string }[]>`SELECT pg_current_wal_lsn()::text AS lsn`;
  return row!.lsn;
}

export async function walBytes(sql: Sql, from: string, to: string): Promise<number> {
  const [row] = await sql<{ bytes: string }[]>`
    SELECT pg_wal_lsn_diff(${to}::pg_lsn, ${from}::pg_lsn)::bigint AS bytes`;
  return Number(row!.bytes);
}

export interface WalShare {
  readonly relation: string;
  readonly records: number;
  readonly bytes: number;
  readonly fpiBytes: number;
}

/**
 * The WAL between two positions by relation (pg_walinspect): each record counted whole (its
 * full-page images included) against the relation of its first block; records without a block
 * (commits, NOTIFY's queue, ...) by resource manager and record type. Works on PostgreSQL 15
 * (the block reference read from its text) and later. By 'record': by resource manager and
 * record type instead.
 */
export async function walByRelation(
  sql: Sql,
  from: string,
  to: string,
  by: 'relation' | 'record' = 'relation',
): Promise<WalShare[]> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_walinspect`;
  const rows = await sql<{ relation: string; records: string; bytes: string; fpi: string }[]>`
    WITH records AS (
      SELECT resource_manager, record_type, record_length, fpi_length,
             substring(block_ref FROM 'rel [0-9]+/[0-9]+/([0-9]+)')::oid AS filenode,
             substring(block_ref FROM 'rel [0-9]+/([0-9]+)/')::oid AS dbnode,
             substring(block_ref FROM 'fork ([a-z]+)') AS fork
      FROM pg_get_wal_records_info(${from}::pg_lsn, ${to}::pg_lsn))
    SELECT CASE WHEN ${by} = 'record' THEN resource_manager || ' ' || record_type ELSE coalesce(
             CASE WHEN dbnode = (SELECT oid FROM pg_database WHERE datname = current_database())
                  THEN pg_filenode_relation(0, filenode)::regclass::text END
               || CASE WHEN fork IS NOT NULL AND fork <> 'main' THEN ' (' || fork || ')' ELSE '' END,
             CASE WHEN filenode IS NOT NULL THEN 'other relation (' || filenode || ')' END,
             resource_manager || ' ' || record_type) END AS relation,
           count(*) AS records, sum(record_length) AS bytes, sum(fpi_length) AS fpi
    FROM records GROUP BY 1 ORDER BY sum(record_length) DESC`;
  return rows.map((r) => ({
    relation: r.relation,
    records: Number(r.records),
    bytes: Number(r.bytes),
    fpiBytes: Number(r.fpi),
  }));
}

export interface StatementCost {
  readonly query: string;
  readonly calls: number;
  readonly execMs: number;
  readonly rows: number;
  readonly walBytes: number;
}

/** pg_stat_statements' rows for this database, dearest first (null when it is not loaded). */
export async function statementCosts(sql: Sql): Promise<StatementCost[] | null> {
  const [loaded] = await sql<{ on: boolean }[]>`
    SELECT current_setting('shared_preload_libraries') LIKE '%pg_stat_statements%' AS on`;
  if (!loaded!.on) return null;
  const rows = await sql<
    { query: string; calls: string; ms: number; rows: string; wal: string }[]
  >`SELECT query, calls, total_exec_time + total_plan_time AS ms, rows, wal_bytes AS wal
    FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
    ORDER BY total_exec_time + total_plan_time DESC`;
  return rows.map((r) => ({
    query: r.query.replace(/\s+/g, ' '),
    calls: Number(r.calls),
    execMs: r.ms,
    rows: Number(r.rows),
    walBytes: Number(r.wal),
  }));
}

export async function resetStatementCosts(sql: Sql): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`;
  await sql`SELECT pg_stat_statements_reset()`;
}
