import {
  ConsistentReadQuery,
  type PracticeReviewView,
  type ProviderReviewsView,
  type ReputationSsoView,
  REVIEW_MESSAGES,
  type SurveyInfoView,
  SurveySettingsDto,
  type SurveySettingsView,
  type VisitFeedbackView,
} from '@medbook/contracts';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Caller, type Principal, Public, Roles } from '../identity/auth/principal';
import { ReviewsService } from './reviews.service';

const uuid = () => new ParseUUIDPipe();
const PRACTICE_USERS = ['Provider', 'PracticeAdmin', 'Staff', 'SuperUser', 'SupportAgent'] as const;

/**
 * Surveys and reviews (issue 20, item 3). The review itself is sent to
 * POST /appointments/:appointment_id/review (the telehealth module's, for any completed visit).
 */
@ApiTags('reviews')
@Controller()
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get('providers/:provider_id/survey-settings')
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('reviews')
  settings(
    @Caller() caller: Principal,
    @Param('provider_id', uuid()) providerId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<SurveySettingsView> {
    return this.reviews.settings(caller, providerId);
  }

  /** The practice's admins (or the provider for themselves) set the whole form. */
  @Put('providers/:provider_id/survey-settings')
  @Roles('Provider', 'PracticeAdmin', 'SuperUser', 'SupportAgent')
  @HttpCode(200)
  @ResponseMessage(REVIEW_MESSAGES.saved)
  change(
    @Caller() caller: Principal,
    @Param('provider_id', uuid()) providerId: string,
    @Body() dto: SurveySettingsDto,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    return this.reviews.changeSettings(caller, providerId, dto, context);
  }

  @Get('practices/:practice_id/survey-settings')
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('reviews')
  practiceSettings(
    @Caller() caller: Principal,
    @Param('practice_id', uuid()) practiceId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<SurveySettingsView[]> {
    return this.reviews.practiceSettings(caller, practiceId);
  }

  @Get('practices/:practice_id/reviews')
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('reviews')
  practiceReviews(
    @Caller() caller: Principal,
    @Param('practice_id', uuid()) practiceId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<PracticeReviewView[]> {
    return this.reviews.practiceReviews(caller, practiceId);
  }

  /** The spec's "GET survey info": the welcome page signs out first, so it is public. */
  @Get('appointments/:appointment_id/survey')
  @Public()
  @ReadsFrom('reviews')
  surveyInfo(
    @Param('appointment_id', uuid()) appointmentId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<SurveyInfoView> {
    return this.reviews.surveyInfo(appointmentId);
  }

  /** The spec's "GET appointment to be reviewed". */
  @Get('appointments/:appointment_id/feedback')
  @ReadsFrom('reviews')
  visit(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<VisitFeedbackView> {
    return this.reviews.visit(caller, appointmentId);
  }

  /** The patient's completed visits with their survey links and reviews (the dashboard's). */
  @Get('me/visit-feedback')
  @ReadsFrom('reviews')
  myVisits(
    @Caller() caller: Principal,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<VisitFeedbackView[]> {
    return this.reviews.myVisits(caller);
  }

  /** The provider profile's provider_reviews: rating, user_ratings_total and the latest. */
  @Get('providers/:provider_id/reviews')
  @Public()
  @ReadsFrom('telehealth', 'reviews')
  providerReviews(
    @Param('provider_id', uuid()) providerId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<ProviderReviewsView> {
    return this.reviews.providerReviews(providerId);
  }

  @Get('reputation-management/single-sign-on')
  @Roles('Provider', 'PracticeAdmin', 'Staff')
  singleSignOn(@Caller() caller: Principal): Promise<ReputationSsoView> {
    return this.reviews.singleSignOn(caller);
  }
}
