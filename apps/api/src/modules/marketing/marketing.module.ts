import { Module } from '@nestjs/common';
import { DemoRequestsRepository } from './demo-requests.repository';
import { MarketingController } from './marketing.controller';

/** The practices' landing page: its switch and its demo requests. */
@Module({
  controllers: [MarketingController],
  providers: [DemoRequestsRepository],
})
export class MarketingModule {}
