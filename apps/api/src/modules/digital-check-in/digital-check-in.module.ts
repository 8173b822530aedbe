import { MAX_CHECK_IN_FILE_BYTES } from '@medbook/contracts';
import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { IdentityModule } from '../identity/identity.module';
import { PaymentsModule } from '../payments/payments.module';
import { SchedulingModule } from '../scheduling/scheduling.module';
import { DigitalCheckInController } from './digital-check-in.controller';
import { DigitalCheckInRepository } from './digital-check-in.repository';
import { DigitalCheckInService } from './digital-check-in.service';

/** Bodies sent as files: read as bytes, up to a little more than the limit (the rest is a 400). */
const FILE_BODY_TYPES = ['image/jpeg', 'image/png', 'application/pdf', 'application/octet-stream'];

/** Digital check-in (issue 20, item 1): the payment port and appointments come from their modules. */
@Module({
  imports: [IdentityModule, SchedulingModule, PaymentsModule],
  controllers: [DigitalCheckInController],
  providers: [DigitalCheckInService, DigitalCheckInRepository],
})
export class DigitalCheckInModule implements OnModuleInit {
  constructor(private readonly host: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.host.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || fastify.hasContentTypeParser('image/png')) return;
    fastify.addContentTypeParser(
      FILE_BODY_TYPES,
      { parseAs: 'buffer', bodyLimit: MAX_CHECK_IN_FILE_BYTES + 1024 },
      (_request, body, done) => done(null, body),
    );
  }
}
