import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { SERVICE_BUSY_MESSAGE } from '@medbook/contracts';
import type { Logger } from 'pino';
import type { Server, ServerOptions } from 'socket.io';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE, type Database } from '../database/database';
import type { Admission } from '../http/admission';
import { shutdownStep } from '../lifecycle/shutdown-step';
import { LOGGER } from '../logging/logger';
import { type LiveFanOut, liveFanOut } from './live-fan-out';

/**
 * socket.io with the app's CORS allowlist, its rooms shared by every API process on the same
 * database (PostgreSQL's adapter, or Redis's when REDIS_URL is set).
 */
export class LiveIoAdapter extends IoAdapter {
  private fanOut: LiveFanOut | null = null;

  constructor(
    private readonly context: INestApplicationContext,
    private readonly origins: readonly string[],
    private readonly admission: Admission | null = null,
  ) {
    super(context);
  }

  override createIOServer(port: number, options?: Partial<ServerOptions>): Server {
    const server = super.createIOServer(port, {
      ...options,
      cors: { origin: [...this.origins], credentials: true },
      // CORS headers only bind browsers: refuse a handshake from any other origin outright.
      allowRequest: (request, callback) => {
        const origin = request.headers.origin;
        callback(null, origin === undefined || this.origins.includes(origin));
      },
    } as ServerOptions);
    const config = this.context.get<AppConfig>(APP_CONFIG);
    const database = this.context.get<Database>(DATABASE);
    this.fanOut ??= liveFanOut(
      { databaseUrl: database.url, redisUrl: config.redisUrl },
      this.context.get(LOGGER),
    );
    server.adapter(this.fanOut.adapter);
    const admission = this.admission;
    if (admission) {
      // Sockets are a class of their own: beyond the limit a handshake is refused at once.
      server.use((_socket, next) => {
        if (admission.hasRoom('sockets')) next();
        else next(new Error(SERVICE_BUSY_MESSAGE));
      });
      // Counted once connected (a handshake that fails authentication never takes a place).
      server.on('connection', (socket) => {
        admission.enter('sockets');
        socket.once('disconnect', () => admission.leave('sockets'));
      });
    }
    return server;
  }

  override async close(server: Server): Promise<void> {
    const logger = this.context.get<Logger>(LOGGER);
    await shutdownStep('live: close the sockets', 5000, logger, () => super.close(server));
    const fanOut = this.fanOut;
    this.fanOut = null;
    await shutdownStep('live: end the fan-out connections', 3000, logger, () => fanOut?.close());
  }
}
