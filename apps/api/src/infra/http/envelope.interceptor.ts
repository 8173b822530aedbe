import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';
import { RESPONSE_MESSAGE } from './response-message.decorator';

/** Wraps every handler's result in the {status_code, message, data} envelope. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // Socket acknowledgements keep their own shape; only HTTP answers are enveloped.
    if (context.getType() !== 'http') return next.handle();
    const message =
      this.reflector.get<string | undefined>(RESPONSE_MESSAGE, context.getHandler()) ?? 'Success';
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next
      .handle()
      .pipe(
        map((data: unknown) => ({ status_code: reply.statusCode, message, data: data ?? null })),
      );
  }
}
