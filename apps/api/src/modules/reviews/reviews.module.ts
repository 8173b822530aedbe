import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';

/** Post-visit surveys, patients' reviews and ratings, reputation settings and sign-on (issue 20). */
@Module({
  imports: [IdentityModule],
  controllers: [ReviewsController],
  providers: [ReviewsService],
})
export class ReviewsModule {}
