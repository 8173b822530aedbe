import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { PAYMENT_GATEWAY } from './gateway/payment-gateway';
import { TestPaymentGateway } from './gateway/test-payment-gateway';
import { PaymentsController } from './payments.controller';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';

/** The payment port with the local test gateway (no network) as its only adapter so far. */
@Module({
  imports: [IdentityModule],
  controllers: [PaymentsController],
  providers: [
    PaymentsService,
    PaymentsRepository,
    { provide: PAYMENT_GATEWAY, useClass: TestPaymentGateway },
  ],
})
export class PaymentsModule {}
