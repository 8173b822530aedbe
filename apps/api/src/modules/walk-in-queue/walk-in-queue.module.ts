import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { WalkInQueueRepository } from './queries/walk-in-queue.repository';
import { WalkInQueueController } from './walk-in-queue.controller';

/** The providers' walk-in queues: read model, queries and live pushes (issue 6 item 4). */
@Module({
  imports: [IdentityModule],
  controllers: [WalkInQueueController],
  providers: [WalkInQueueRepository],
})
export class WalkInQueueModule {}
