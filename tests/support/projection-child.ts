// A projection process to be killed by a test: it runs the recording projection and, when it
// reaches the event at VICTIM_POSITION, prints "holding" and waits inside its open transaction.
import { PostgresEventStore } from '@medbook/event-store';
import pino from 'pino';
import { connectDatabase } from '../../apps/api/src/infra/database/database';
import { ProjectionRunner } from '../../apps/api/src/infra/projections/projection-runner';
import { recordingProjection } from './recording-projection';

const database = connectDatabase(process.env.DATABASE_URL!, { max: 2 });
const store = new PostgresEventStore(database.sql, { pollIntervalMs: 100 });
const victim = Number(process.env.VICTIM_POSITION);
const projection = recordingProjection(process.env.PROJECTION_NAME!, async (event) => {
  if (event.globalPosition !== victim) return;
  process.stdout.write('holding\n');
  await new Promise(() => undefined);
});
const runner = new ProjectionRunner(projection, {
  store,
  db: database.db,
  clock: { now: () => new Date() },
  logger: pino({ level: 'silent' }),
  batchSize: 5,
  publisher: { publish: () => undefined },
});
void runner.start();
