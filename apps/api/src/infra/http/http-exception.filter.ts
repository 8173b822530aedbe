import { readFileSync } from 'node:fs';
import { type ArgumentsHost, Catch, type ExceptionFilter, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { toErrorEnvelope } from './error-envelope';

/**
 * The one place errors become responses. A GET for an unknown path outside /api is a page of the
 * single-page app: it gets index.html, and the client shows its not-found page if need be.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private indexHtml: string | null | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly indexHtmlPath: string,
  ) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    // Answered already (503 at its time limit while the database was in trouble).
    if (reply.sent) return;
    if (error instanceof NotFoundException && this.isAppPage(request)) {
      const html = this.loadIndexHtml();
      if (html) {
        void reply.status(200).type('text/html; charset=utf-8').send(html);
        return;
      }
    }
    const envelope = toErrorEnvelope(error, this.logger, String(request.id));
    // Every 503 (database unavailable, read model behind, overload) is worth retrying shortly.
    if (envelope.status_code === 503 && !reply.hasHeader('retry-after')) {
      void reply.header('retry-after', '1');
    }
    void reply.status(envelope.status_code).send(envelope);
  }

  private isAppPage(request: FastifyRequest): boolean {
    return (
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/socket.io') &&
      (request.headers.accept ?? '').includes('text/html')
    );
  }

  private loadIndexHtml(): string | null {
    if (this.indexHtml === undefined) {
      try {
        this.indexHtml = readFileSync(this.indexHtmlPath, 'utf8');
      } catch {
        this.indexHtml = null;
      }
    }
    return this.indexHtml;
  }
}
