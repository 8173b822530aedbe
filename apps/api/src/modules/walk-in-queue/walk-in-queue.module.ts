import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { SchedulingModule } from '../scheduling/scheduling.module';
import { QueuePositionsQuery } from './queries/queue-positions.query';
import { WalkInQueueRepository } from './queries/walk-in-queue.repository';
import { WalkInQueueController } from './walk-in-queue.controller';

/** The providers' walk-in queues: read model, queries and live pushes (issue 6 item 4). */
@Module({
  imports: [IdentityModule, SchedulingModule],
  controllers: [WalkInQueueController],
  providers: [WalkInQueueRepository, QueuePositionsQuery],
})
export class WalkInQueueModule {}
