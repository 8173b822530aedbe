import { DIGITAL_CHECK_IN_MESSAGES, MAX_CHECK_IN_FILE_BYTES } from '@medbook/contracts';
import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { IdentityModule } from '../identity/identity.module';
import { PaymentsModule } from '../payments/payments.module';
import { SchedulingModule } from '../scheduling/scheduling.module';
import { DigitalCheckInArrivalService } from './digital-check-in-arrival.service';
import { DigitalCheckInCopayService } from './digital-check-in-copay.service';
import { DigitalCheckInInformationService } from './digital-check-in-information.service';
import { DigitalCheckInSettingsService } from './digital-check-in-settings.service';
import { DigitalCheckInStepsController } from './digital-check-in-steps.controller';
import { DigitalCheckInController } from './digital-check-in.controller';
import { DigitalCheckInRepository } from './digital-check-in.repository';
import { DigitalCheckInService } from './digital-check-in.service';
import { CHECK_IN_VENDOR, LocalCheckInVendor } from './vendor/check-in-vendor';

const UPLOAD_PATH =
  /^\/api\/v1\/appointments\/[^/]+\/(insurance-card\/[^/?]+|government-id)(\?.*)?$/;

/** Bodies sent as files: read as bytes, up to a little more than the limit (the rest is a 400). */
const FILE_BODY_TYPES = ['image/jpeg', 'image/png', 'application/pdf', 'application/octet-stream'];

/** Digital check-in (issue 20, item 1): the payment port and appointments come from their modules. */
@Module({
  imports: [IdentityModule, SchedulingModule, PaymentsModule],
  controllers: [DigitalCheckInController, DigitalCheckInStepsController],
  providers: [
    DigitalCheckInService,
    DigitalCheckInSettingsService,
    DigitalCheckInCopayService,
    DigitalCheckInRepository,
    DigitalCheckInArrivalService,
    DigitalCheckInInformationService,
    { provide: CHECK_IN_VENDOR, useClass: LocalCheckInVendor },
  ],
})
export class DigitalCheckInModule implements OnModuleInit {
  constructor(private readonly host: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.host.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || fastify.hasContentTypeParser('image/png')) return;
    // A body announced larger than the limit is refused before it is read, in the usual envelope.
    fastify.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'PUT' || !UPLOAD_PATH.test(request.url)) return;
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > MAX_CHECK_IN_FILE_BYTES) {
        return reply.code(400).send({
          status_code: 400,
          message: DIGITAL_CHECK_IN_MESSAGES.fileTooLarge,
          data: { file: 'Invalid' },
        });
      }
    });
    fastify.addContentTypeParser(
      FILE_BODY_TYPES,
      { parseAs: 'buffer', bodyLimit: MAX_CHECK_IN_FILE_BYTES + 1024 },
      (_request, body, done) => done(null, body),
    );
  }
}
