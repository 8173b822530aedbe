import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  Transaction,
} from 'kysely';

/** The error a statement gets once its pipelined transaction has ended. */
export class PipelinedTransactionEnded extends Error {
  override readonly name = 'PipelinedTransactionEnded';
  constructor() {
    super('a statement was sent after its pipelined transaction had ended');
  }
}

/** A transaction's Kysely needs a driver only to open transactions or connections of its own. */
const unused = () => Promise.resolve();
const NO_DRIVER: Driver = {
  init: unused,
  acquireConnection: () => Promise.reject(new Error('a pipelined transaction has no driver')),
  beginTransaction: unused,
  commitTransaction: unused,
  rollbackTransaction: unused,
  releaseConnection: unused,
  destroy: unused,
};

const POSTGRES: Dialect = {
  createAdapter: () => new PostgresAdapter(),
  createDriver: () => NO_DRIVER,
  createQueryCompiler: () => new PostgresQueryCompiler(),
  createIntrospector: (db) => new PostgresIntrospector(db),
};

/**
 * Runs `work` in one transaction whose statements may be in flight together. Kysely's own
 * transaction sends one statement at a time (it waits for each answer before the next may go);
 * here statements issued concurrently are pipelined by postgres.js on the transaction's one
 * connection. PostgreSQL still runs them one after another, in the order they were sent, and
 * they all commit or roll back together; only their round trips overlap.
 *
 * `work` must not return before every statement it started has settled (use Promise.allSettled
 * for concurrent parts): a statement sent after COMMIT or ROLLBACK would otherwise run on its
 * own. As a guard, a statement issued after the transaction ended is refused.
 */
export async function inPipelinedTransaction<DB, T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  const executor = db.getExecutor();
  return executor.provideConnection(async (connection: DatabaseConnection) => {
    let open = true;
    const trx = new Transaction<DB>({
      config: { dialect: POSTGRES },
      dialect: POSTGRES,
      driver: NO_DRIVER,
      executor: executor.withConnectionProvider({
        provideConnection: (consume) => {
          if (!open) return Promise.reject(new PipelinedTransactionEnded());
          return consume(connection);
        },
      }),
    });
    await connection.executeQuery(CompiledQuery.raw('BEGIN'));
    try {
      const result = await work(trx);
      open = false;
      await connection.executeQuery(CompiledQuery.raw('COMMIT'));
      return result;
    } catch (error) {
      open = false;
      await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
      throw error;
    }
  });
}
