import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../database/database.types';
import type { Projection } from './projection';

// A rebuild's scratch copies of a projection's tables, in a schema of their own: made like the
// live tables (columns, defaults, checks, constraints) with only the indexes the load needs,
// the others built after the load under the live names, then moved into public in place of
// the live tables.

/**
 * Columns, defaults, checks, the unique indexes and constraints and the projection's lookup
 * indexes; other indexes later.
 */
export async function prepareScratchTables(
  db: Kysely<DB>,
  schema: string,
  projection: Projection,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(trx);
    await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(trx);
    for (const table of projection.tables) {
      await sql`CREATE TABLE ${sql.id(schema, table)}
                  (LIKE ${sql.id('public', table)} INCLUDING ALL EXCLUDING INDEXES)`.execute(trx);
      for (const index of await liveIndexes(trx, table)) {
        if (index.constraint) {
          await sql`ALTER TABLE ${sql.id(schema, table)} ADD CONSTRAINT ${sql.id(index.name)}
                    ${sql.raw(index.constraint)}`.execute(trx);
        } else if (loadsWith(projection, index)) {
          await sql.raw(inSchema(index.definition, schema, table)).execute(trx);
        }
      }
    }
  });
}

/** The live tables' other indexes, under their own names (the scratch schema is apart). */
export async function createDeferredIndexes(
  db: Kysely<DB>,
  schema: string,
  projection: Projection,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL statement_timeout = 0`.execute(trx);
    for (const table of projection.tables) {
      for (const index of await liveIndexes(trx, table)) {
        if (index.constraint || loadsWith(projection, index)) continue;
        await sql.raw(inSchema(index.definition, schema, table)).execute(trx);
      }
    }
  });
}

export async function dropScratchSchemas(
  db: Kysely<DB>,
  schemas: readonly string[],
): Promise<void> {
  for (const schema of schemas) {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db);
  }
}

/** Made before the load: upserts need the unique ones, the projection's lookups its own. */
function loadsWith(projection: Projection, index: LiveIndex): boolean {
  return index.unique || (projection.lookupIndexes ?? []).includes(index.name);
}

interface LiveIndex {
  readonly name: string;
  readonly unique: boolean;
  readonly definition: string;
  /** The constraint's definition when the index backs one (primary key, unique, exclusion). */
  readonly constraint: string | null;
}

async function liveIndexes(trx: Transaction<DB>, table: string): Promise<LiveIndex[]> {
  const { rows } = await sql<LiveIndex>`
    SELECT c.relname AS name, i.indisunique AS unique,
           pg_get_indexdef(i.indexrelid) AS definition,
           pg_get_constraintdef(k.oid) AS constraint
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      LEFT JOIN pg_constraint k ON k.conindid = i.indexrelid AND k.conrelid = i.indrelid
     WHERE i.indrelid = ${sql.lit(`public.${table}`)}::regclass
     ORDER BY c.relname`.execute(trx);
  return rows;
}

/** A live index's definition, made on the scratch copy of its table instead. */
function inSchema(definition: string, schema: string, table: string): string {
  const target = `"${schema}"."${table}"`;
  return definition.replace(/ ON (ONLY )?\S+ USING /, ` ON ${target} USING `);
}

/** Moves the rebuilt table into public in place of the live one; its indexes keep their names. */
export async function swapTable(
  trx: Transaction<DB>,
  schema: string,
  table: string,
): Promise<void> {
  await sql`DROP TABLE ${sql.id('public', table)}`.execute(trx);
  await sql`ALTER TABLE ${sql.id(schema, table)} SET SCHEMA public`.execute(trx);
}
