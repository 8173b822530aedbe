import { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as createRedisAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Client, Pool } from 'pg';
import type { Logger } from 'pino';

type AdapterFactory = ReturnType<typeof createPostgresAdapter>;

/** A socket.io adapter that shares rooms and server-side messages between API processes. */
export interface LiveFanOut {
  readonly kind: 'postgres' | 'redis';
  readonly adapter: AdapterFactory;
  close(): Promise<void>;
}

/** Redis's when REDIS_URL is set, else PostgreSQL's on the app's own database. */
export function liveFanOut(
  options: { readonly databaseUrl: string; readonly redisUrl: string | undefined },
  logger: Logger,
): LiveFanOut {
  const warn = throttledWarning(logger);
  return options.redisUrl
    ? redisFanOut(options.redisUrl, warn)
    : postgresFanOut(options.databaseUrl, warn);
}

/**
 * Through PostgreSQL's LISTEN/NOTIFY (@socket.io/postgres-adapter). Every NOTIFY goes out on one
 * connection, so other processes hear the messages in the order they were sent (a pool of
 * several would let a later NOTIFY commit first), and with synchronous_commit off: a NOTIFY is
 * a transaction of its own, and waiting for its WAL flush would gain nothing for a message
 * delivered at most once. The listening connection is a plain client of its own: the adapter
 * never gives back a connection that died, which would starve a pool, and takes a new one.
 */
function postgresFanOut(url: string, warn: (error: unknown) => void): LiveFanOut {
  const publisher = new Pool({
    connectionString: url,
    max: 1,
    application_name: 'medbook-live',
    options: '-c synchronous_commit=off',
    keepAlive: true,
  });
  publisher.on('error', warn);
  const listeners = new Set<Client>();
  const connectListener = async () => {
    const client = new Client({
      connectionString: url,
      application_name: 'medbook-live-listen',
      keepAlive: true,
    });
    client.on('error', warn);
    client.once('end', () => listeners.delete(client));
    listeners.add(client);
    try {
      await client.connect();
    } catch (error) {
      listeners.delete(client);
      throw error;
    }
    return Object.assign(client, { release: () => void client.end().catch(() => undefined) });
  };
  // The adapter asks its "pool" for one long-lived connection (connect) and sends with query.
  const pool = {
    connect: connectListener,
    query: (text: string, values?: unknown[]) => publisher.query(text, values),
  } as unknown as Pool;
  return {
    kind: 'postgres',
    adapter: createPostgresAdapter(pool, { errorHandler: warn }),
    close: async () => {
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      await publisher.end().catch(() => undefined);
    },
  };
}

/** Through Redis's pub/sub (@socket.io/redis-adapter): one publishing connection, in order. */
function redisFanOut(url: string, warn: (error: unknown) => void): LiveFanOut {
  const publisher = new Redis(url, { maxRetriesPerRequest: 1 });
  const subscriber = publisher.duplicate();
  publisher.on('error', warn);
  subscriber.on('error', warn);
  return {
    kind: 'redis',
    adapter: createRedisAdapter(publisher, subscriber) as unknown as AdapterFactory,
    // At once: a QUIT would wait for a Redis that may be down, holding up the shutdown.
    close: () => {
      publisher.disconnect();
      subscriber.disconnect();
      return Promise.resolve();
    },
  };
}

/** One warning per 10 s at most: an outage of the fan-out's server must not flood the log. */
function throttledWarning(logger: Logger): (error: unknown) => void {
  let last = 0;
  let suppressed = 0;
  return (error) => {
    const now = Date.now();
    if (now - last < 10_000) {
      suppressed += 1;
      return;
    }
    logger.warn(
      { err: error, suppressed },
      'live fan-out failed; messages to other processes lost',
    );
    last = now;
    suppressed = 0;
  };
}
