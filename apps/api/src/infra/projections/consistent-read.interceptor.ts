import { READ_MODEL_BEHIND_MESSAGE } from '@medbook/contracts';
import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
  applyDecorators,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { from, type Observable, switchMap } from 'rxjs';
import { DomainError } from '../../domain/domain-error';
import { ProjectionsService } from './projections.service';

const READS_FROM = 'reads_from';

/**
 * Read your writes: with `?min_position=N` (the position a command answered), the read waits until
 * these projections have applied event N, or answers 503 after the configured wait.
 */
@Injectable()
export class ConsistentReadInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly projections: ProjectionsService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const names = this.reflector.get<string[] | undefined>(READS_FROM, context.getHandler()) ?? [];
    const query = context.switchToHttp().getRequest<FastifyRequest>().query as {
      min_position?: string;
    };
    const position = Number(query.min_position);
    if (!query.min_position || !Number.isSafeInteger(position) || position < 1)
      return next.handle();
    return from(this.projections.waitForPosition(names, position)).pipe(
      switchMap((reached) => {
        if (!reached) {
          throw new DomainError('unavailable', READ_MODEL_BEHIND_MESSAGE, {
            min_position: position,
          });
        }
        return next.handle();
      }),
    );
  }
}

/** Names the projections a read depends on, for `min_position` waits. */
export const ReadsFrom = (...projections: string[]) =>
  applyDecorators(SetMetadata(READS_FROM, projections), UseInterceptors(ConsistentReadInterceptor));
