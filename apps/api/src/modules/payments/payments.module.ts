import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { PAYMENTS_COMMAND_HANDLERS } from './commands';
import { PAYMENT_GATEWAY } from './gateway/payment-gateway';
import { TestPaymentGateway } from './gateway/test-payment-gateway';
import { PaymentAuthorizer } from './payment-authorizer';
import { PaymentsController } from './payments.controller';
import { PaymentsRepository } from './payments.repository';
import { PaymentsQueries } from './payments.queries';

/** The payment port with the local test gateway (no network) as its only adapter so far. */
@Module({
  imports: [IdentityModule],
  controllers: [PaymentsController],
  providers: [
    ...PAYMENTS_COMMAND_HANDLERS,
    PaymentsQueries,
    PaymentsRepository,
    PaymentAuthorizer,
    { provide: PAYMENT_GATEWAY, useClass: TestPaymentGateway },
  ],
  // Digital check-in's copay goes through the same port.
  exports: [PAYMENT_GATEWAY, PaymentsQueries, PaymentAuthorizer],
})
export class PaymentsModule {}
