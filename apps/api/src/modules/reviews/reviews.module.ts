import { Module } from '@nestjs/common';
import { ROOM_RULES, type RoomRules } from '../../infra/realtime/live-access';
import { IdentityModule } from '../identity/identity.module';
import { ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';
import { SurveyInvitationsProcessManager } from './survey-invitations.process-manager';

/** `provider:<id>` is public: a provider's rating is on their public card and profile. */
export const reviewsRoomRules: RoomRules = { provider: () => Promise.resolve(true) };

/** Post-visit surveys, patients' reviews and ratings, reputation settings and sign-on (issue 20). */
@Module({
  imports: [IdentityModule],
  controllers: [ReviewsController],
  providers: [
    ReviewsService,
    SurveyInvitationsProcessManager,
    { provide: ROOM_RULES, useValue: reviewsRoomRules },
  ],
})
export class ReviewsModule {}
