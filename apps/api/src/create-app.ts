import { existsSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import path from 'node:path';
import helmet from '@fastify/helmet';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type AppDependencies, AppModule } from './app.module';
import { Admission } from './infra/http/admission';
import { EnvelopeInterceptor } from './infra/http/envelope.interceptor';
import { InputTextPipe } from './infra/http/input-text.pipe';
import { HttpExceptionFilter } from './infra/http/http-exception.filter';
import { serveOpenApi } from './infra/http/openapi';
import { PinoNestLogger } from './infra/logging/logger';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { drainUpload } from './infra/http/drain-upload';
import { toErrorEnvelope } from './infra/http/error-envelope';
import { LiveIoAdapter } from './infra/realtime/live-io.adapter';
import { requestIdOf } from './infra/http/request-id';
import { budgetRequestsInTrouble } from './infra/http/request-budget.hook';

/** How long shutdown waits for requests in flight. */
const HTTP_DRAIN_MS = 5000;

/** The whole service on Fastify: /api/v1, socket.io, the OpenAPI reference and the web app. */
export async function createApp(deps: AppDependencies): Promise<NestFastifyApplication> {
  const { config, logger } = deps;
  // In front of everything: a request beyond the API's capacity costs nothing more than its
  // refusal (see Admission.gate).
  const admission = new Admission(config.admission);
  const adapter = new FastifyAdapter({
    serverFactory: (handler: RequestListener, options: FastifyServerOptions) => {
      const server = createServer(admission.gate(handler, config.corsOrigins));
      // What Fastify sets on a server it makes itself.
      server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
      server.requestTimeout = options.requestTimeout ?? 0;
      server.setTimeout(options.connectionTimeout ?? 0);
      if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
    loggerInstance: logger,
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: false,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) =>
      requestIdOf(request.headers),
    // A URL the router cannot even decode (bytes that are not UTF-8, say) is answered before
    // Nest sees it: in the envelope too, not Fastify's own body echoing the URL.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const envelope = toErrorEnvelope(error, logger, request.id);
      void reply.code(envelope.status_code).send(envelope);
    },
  });
  adapter.getInstance().addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // API answers may hold personal data: no browser or proxy may keep them.
    if (request.url.startsWith('/api/')) void reply.header('cache-control', 'no-store');
    if (reply.statusCode >= 400) await drainUpload(request.raw);
  });

  // Once the database has failed lately, each request's waits for it share one deadline, and it
  // answers within ANSWER_BY_MS (see request-budget.hook.ts).
  budgetRequestsInTrouble(adapter.getInstance(), deps.database.timeouts.acquireMs);

  // Shutdown lets requests in flight finish, for a while: then their connections are cut, so a
  // request stuck on a database that stopped answering cannot keep the process from going.
  const http = adapter.getInstance();
  http.addHook('preClose', (done) => {
    const timer = setTimeout(() => {
      logger.warn({ limit_ms: HTTP_DRAIN_MS }, 'shutdown: closing requests still in flight');
      http.server.closeAllConnections();
    }, HTTP_DRAIN_MS);
    timer.unref();
    http.server.once('close', () => clearTimeout(timer));
    done();
  });

  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(deps), adapter, {
    logger: new PinoNestLogger(logger),
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
      },
    },
  });
  app.setGlobalPrefix('api/v1');
  app.enableCors({ origin: [...config.corsOrigins], credentials: true });
  app.useGlobalPipes(
    new InputTextPipe(),
    new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }),
  );
  app.useGlobalInterceptors(new EnvelopeInterceptor(app.get(Reflector)));
  app.useGlobalFilters(new HttpExceptionFilter(logger, path.join(config.webDistDir, 'index.html')));
  app.useWebSocketAdapter(new LiveIoAdapter(app, config.corsOrigins, admission));
  if (existsSync(config.webDistDir)) {
    app.useStaticAssets({ root: config.webDistDir, prefix: '/' });
  }
  serveOpenApi(app);
  await app.init();
  return app;
}
