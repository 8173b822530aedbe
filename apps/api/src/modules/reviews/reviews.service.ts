import {
  averageRating,
  type PracticeReviewView,
  type ProviderReviewsView,
  REPUTATION_REDIRECT_PATH,
  type ReputationSsoView,
  REVIEW_MESSAGES,
  type SurveyInfoView,
  type SurveySettingsDto,
  type SurveySettingsView,
  type VisitFeedbackView,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { SignJWT } from 'jose';
import { ForbiddenError, NotFoundError } from '../../domain/domain-error';
import { CLOCK, type Clock } from '../../infra/clock';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { DATABASE, type Database } from '../../infra/database/database';
import { CommandPipeline, stream } from '../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../infra/http/request-context';
import { directoryEntryDecider } from '../directory/domain/directory-entry.decider';
import { directoryStreamId } from '../directory/domain/directory-entry.events';
import { AccessPolicy } from '../identity/auth/access-policy';
import type { Principal } from '../identity/auth/principal';
import {
  DEFAULT_SURVEY_SETTINGS,
  normalizeSurveySettings,
  surveySettingsDecider,
  surveySettingsStreamId,
} from './domain/survey-settings';
import { reputationBusinessOf } from './reputation-business';

/** How long the reputation service's sign-on token is good for. */
export const REPUTATION_TOKEN_TTL_SECONDS = 120;
/** The latest reviews a provider's profile shows. */
const PROFILE_REVIEWS = 10;
/** A practice's reviews list: the latest first, at most this many. */
const PRACTICE_REVIEWS = 200;

type Address = {
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip_code?: string;
};

const addressText = (address: Address | undefined): string | null => {
  if (!address?.address1) return null;
  const cityLine = [address.city, [address.state, address.zip_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.address1, address.address2, cityLine].filter(Boolean).join(', ');
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value : null;

/**
 * Surveys and reviews (issue 20, item 3): providers' survey and reputation settings (their own
 * stream), the survey welcome page's facts, the patient's completed visits with their survey link
 * and review, the practice's reviews, a provider's rating, and the reputation service's sign-on.
 */
@Injectable()
export class ReviewsService {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The provider's practice: 404 for no such provider, 403 for another practice's users. */
  private async providerEntry(caller: Principal, providerId: string) {
    const entry = await this.database.db
      .selectFrom('rm_directory_entries')
      .select(['id', 'practice_id', 'name'])
      .where('kind', '=', 'provider')
      .where('id', '=', providerId)
      .executeTakeFirst();
    if (!entry) throw new NotFoundError(REVIEW_MESSAGES.providerNotFound);
    this.policy.assertMayWorkForPractice(caller, entry.practice_id);
    return entry;
  }

  async settings(caller: Principal, providerId: string): Promise<SurveySettingsView> {
    const entry = await this.providerEntry(caller, providerId);
    const row = await this.database.db
      .selectFrom('rm_survey_settings')
      .selectAll()
      .where('provider_id', '=', providerId)
      .executeTakeFirst();
    return this.settingsView(entry.id, entry.practice_id, entry.name, row);
  }

  /** Every provider of the practice with their settings (defaults for those never set). */
  async practiceSettings(caller: Principal, practiceId: string): Promise<SurveySettingsView[]> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const rows = await this.database.db
      .selectFrom('rm_directory_entries as e')
      .leftJoin('rm_survey_settings as s', 's.provider_id', 'e.id')
      .select([
        'e.id',
        'e.name',
        's.post_visit_survey_enabled',
        's.post_visit_feedback_enabled',
        's.patient_survey_instructions',
        's.survey_link_base',
        's.has_reputation_enabled',
        's.reputation_business_id',
        's.place_id',
        's.reviews_url',
      ])
      .where('e.kind', '=', 'provider')
      .where('e.practice_id', '=', practiceId)
      .where((eb) => (caller.type === 'Provider' ? eb('e.id', '=', caller.userId) : eb.lit(true)))
      .orderBy('e.name')
      .orderBy('e.id')
      .execute();
    return rows.map((row) =>
      this.settingsView(
        row.id,
        practiceId,
        row.name,
        row.post_visit_survey_enabled === null ? undefined : (row as SettingsRow),
      ),
    );
  }

  private settingsView(
    providerId: string,
    practiceId: string,
    name: string,
    row: SettingsRow | undefined,
  ): SurveySettingsView {
    const settings = row
      ? normalizeSurveySettings({
          post_visit_survey_enabled: row.post_visit_survey_enabled,
          post_visit_feedback_enabled: row.post_visit_feedback_enabled,
          patient_survey_instructions: row.patient_survey_instructions,
          survey_link_base: row.survey_link_base,
          has_reputation_enabled: row.has_reputation_enabled,
          reputation_business_id: row.reputation_business_id,
          place_id: row.place_id,
          reviews_url: row.reviews_url,
        })
      : DEFAULT_SURVEY_SETTINGS;
    return { provider_id: providerId, practice_id: practiceId, provider_name: name, ...settings };
  }

  /**
   * The practice's admins set a provider's settings; a provider their own. The provider's
   * directory entry is read in the same decision: it must be of the caller's practice.
   */
  async changeSettings(
    caller: Principal,
    providerId: string,
    dto: SurveySettingsDto,
    context: RequestContext,
  ): Promise<{ position: number }> {
    const settings = normalizeSurveySettings(dto);
    return this.pipeline.run({
      commandId: null,
      context,
      read: [
        stream(directoryStreamId('provider', providerId), directoryEntryDecider),
        stream(surveySettingsStreamId(providerId), surveySettingsDecider),
      ],
      decide: ([provider, current]) => {
        const entry = provider.state.entry;
        if (!entry || entry.kind !== 'provider')
          throw new NotFoundError(REVIEW_MESSAGES.providerNotFound);
        this.policy.assertMayWorkForPractice(caller, entry.practice_id);
        const mayEdit =
          caller.type === 'PracticeAdmin' ||
          this.policy.isOperator(caller) ||
          (caller.type === 'Provider' && caller.userId === providerId);
        if (!mayEdit) throw new ForbiddenError(REVIEW_MESSAGES.adminOnly);
        const events = surveySettingsDecider.decide(
          {
            type: 'ChangeSurveySettings',
            providerId,
            practiceId: entry.practice_id,
            settings,
            by: caller.userId,
            now: this.clock.now(),
          },
          current.state,
        );
        return {
          append: [{ streamId: current.streamId, events }],
          unchanged: [provider.streamId],
        };
      },
      answer: (committed) => ({ position: committed.position }),
    });
  }

  /**
   * Spec 2.7's facts for the survey welcome page, for anyone holding the visit's id (the page
   * signs out whoever is signed in): only a completed visit whose provider asks for a survey.
   */
  async surveyInfo(appointmentId: string): Promise<SurveyInfoView> {
    const visit = await this.database.db
      .selectFrom('rm_visit_feedback as v')
      .leftJoin('rm_users as u', 'u.user_id', 'v.patient_id')
      .leftJoin('rm_practices as p', 'p.practice_id', 'v.practice_id')
      .select([
        'v.appointment_id',
        'v.start_date',
        'v.time_zone',
        'v.survey_link',
        'v.provider_id',
        'v.resource_id',
        'v.facility_id',
        'u.first_name',
        'u.time_zone as patient_zone',
        'p.name as practice_name',
      ])
      .where('v.appointment_id', '=', appointmentId)
      .executeTakeFirst();
    if (!visit?.survey_link) throw new NotFoundError(REVIEW_MESSAGES.surveyNotFound);
    const ids = [visit.provider_id, visit.resource_id, visit.facility_id].filter(
      (id): id is string => id !== null,
    );
    const [entries, settings] = await Promise.all([
      this.database.db
        .selectFrom('rm_directory_entries')
        .select(['id', 'kind', 'name', 'details'])
        .where('id', 'in', ids)
        .execute(),
      this.database.db
        .selectFrom('rm_survey_settings')
        .select(['provider_id', 'patient_survey_instructions'])
        .where('provider_id', 'in', ids)
        .execute(),
    ]);
    const entry = (id: string | null) => entries.find((e) => e.id === id);
    const details = (id: string | null) =>
      (entry(id)?.details ?? {}) as Record<string, unknown> & { address?: Address };
    const instructions = (id: string) =>
      settings.find((s) => s.provider_id === id)?.patient_survey_instructions ?? null;
    const person = (id: string | null) =>
      id && entry(id)
        ? {
            id,
            name: entry(id)!.name,
            profile_picture_uri: text(details(id).profile_picture_uri),
            patient_survey_instructions: instructions(id),
          }
        : null;
    const facility = details(visit.facility_id);
    const facilityAddress = addressText(facility.address);
    const facilityPhone = text(facility.phone_number) ?? text(facility.phone);
    return {
      appointment_id: visit.appointment_id,
      start_date: new Date(visit.start_date).toISOString(),
      patient_time_zone: visit.patient_zone ?? visit.time_zone,
      survey_link: visit.survey_link,
      patient: { name: { first_name: visit.first_name ?? '' } },
      provider: person(visit.provider_id),
      resource: person(visit.resource_id),
      // The practice keeps no address or phone of its own: its facility's stand for them.
      practice: {
        name: visit.practice_name ?? '',
        address: facilityAddress,
        phone: facilityPhone,
      },
      facility: { address: facilityAddress, phone_number: facilityPhone },
    };
  }

  /** The caller's visits (their own and those they booked for family), latest first. */
  async myVisits(caller: Principal): Promise<VisitFeedbackView[]> {
    if (caller.type !== 'Patient') return [];
    const rows = await this.feedbackRows()
      .where((eb) =>
        eb.or([eb('v.patient_id', '=', caller.userId), eb('v.booked_by', '=', caller.userId)]),
      )
      .where('v.status', '=', 'Checked-Out')
      .orderBy('v.start_date', 'desc')
      .limit(100)
      .execute();
    return rows.map((row) => this.feedbackView(row));
  }

  /** One visit, for its review page: only those who may reach it (patient or who booked it). */
  async visit(caller: Principal, appointmentId: string): Promise<VisitFeedbackView> {
    const row = await this.feedbackRows()
      .where('v.appointment_id', '=', appointmentId)
      .executeTakeFirst();
    if (!row) throw new NotFoundError(REVIEW_MESSAGES.surveyNotFound);
    await this.policy.assertMayReachAppointment(caller, row);
    return this.feedbackView(row);
  }

  private feedbackRows() {
    return this.database.db
      .selectFrom('rm_visit_feedback as v')
      .leftJoin('rm_directory_entries as d', 'd.id', 'v.provider_id')
      .select([
        'v.appointment_id',
        'v.practice_id',
        'v.provider_id',
        'v.patient_id',
        'v.booked_by',
        'v.start_date',
        'v.time_zone',
        'v.status',
        'v.survey_link',
        'v.survey_invited_at',
        'v.feedback_enabled',
        'v.rating',
        'v.comment',
        'd.name as provider_name',
      ]);
  }

  private feedbackView(row: FeedbackRow): VisitFeedbackView {
    return {
      appointment_id: row.appointment_id,
      practice_id: row.practice_id,
      provider_id: row.provider_id,
      provider_name: row.provider_name,
      start_date: new Date(row.start_date).toISOString(),
      time_zone: row.time_zone,
      status: row.status,
      completed: row.status === 'Checked-Out',
      survey_link: row.survey_link,
      survey_invited_at: row.survey_invited_at
        ? new Date(row.survey_invited_at).toISOString()
        : null,
      feedback_enabled: row.feedback_enabled,
      review_given: row.rating !== null,
      review: row.rating === null ? null : { rating: row.rating, comment: row.comment },
    };
  }

  /** The practice's reviews, latest first; a provider reads only their own. */
  async practiceReviews(caller: Principal, practiceId: string): Promise<PracticeReviewView[]> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const rows = await this.database.db
      .selectFrom('rm_visit_feedback as v')
      .leftJoin('rm_directory_entries as d', 'd.id', 'v.provider_id')
      .leftJoin('rm_users as u', 'u.user_id', 'v.patient_id')
      .select([
        'v.appointment_id',
        'v.provider_id',
        'd.name as provider_name',
        'u.first_name',
        'u.last_name',
        'v.start_date',
        'v.rating',
        'v.comment',
        'v.reviewed_at',
        'v.survey_link',
      ])
      .where('v.practice_id', '=', practiceId)
      .where('v.reviewed_at', 'is not', null)
      .where((eb) =>
        caller.type === 'Provider' ? eb('v.provider_id', '=', caller.userId) : eb.lit(true),
      )
      .orderBy('v.reviewed_at', 'desc')
      .limit(PRACTICE_REVIEWS)
      .execute();
    return rows.map((row) => ({
      appointment_id: row.appointment_id,
      provider_id: row.provider_id,
      provider_name: row.provider_name,
      patient_name: row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : null,
      start_date: new Date(row.start_date).toISOString(),
      rating: row.rating!,
      comment: row.comment,
      reviewed_at: new Date(row.reviewed_at!).toISOString(),
      survey_link: row.survey_link,
    }));
  }

  /** The spec's provider_reviews for the provider's profile: public, no patient named. */
  async providerReviews(providerId: string): Promise<ProviderReviewsView> {
    const [provider, aggregate, latest, listing] = await Promise.all([
      this.database.db
        .selectFrom('rm_directory_entries as e')
        .leftJoin('rm_practices as p', 'p.practice_id', 'e.practice_id')
        .select(['e.name', 'e.details', 'p.name as practice_name'])
        .where('e.kind', '=', 'provider')
        .where('e.id', '=', providerId)
        .executeTakeFirst(),
      this.database.db
        .selectFrom('rm_provider_ratings')
        .select(['review_count', 'rating_sum'])
        .where('provider_id', '=', providerId)
        .executeTakeFirst(),
      this.database.db
        .selectFrom('rm_visit_feedback')
        .select(['rating', 'comment', 'reviewed_at'])
        .where('provider_id', '=', providerId)
        .where('reviewed_at', 'is not', null)
        .orderBy('reviewed_at', 'desc')
        .limit(PROFILE_REVIEWS)
        .execute(),
      this.database.db
        .selectFrom('rm_survey_settings')
        .select(['place_id', 'reviews_url'])
        .where('provider_id', '=', providerId)
        .executeTakeFirst(),
    ]);
    if (!provider) throw new NotFoundError(REVIEW_MESSAGES.providerNotFound);
    const specialties = (provider.details as { specialties?: unknown }).specialties;
    const count = aggregate?.review_count ?? 0;
    return {
      provider_id: providerId,
      provider_name: provider.name,
      specialty: Array.isArray(specialties) ? (text(specialties[0]) ?? null) : null,
      practice_name: provider.practice_name,
      place_id: listing?.place_id ?? null,
      rating: count ? averageRating(aggregate!.rating_sum, count) : null,
      user_ratings_total: count,
      url: listing?.reviews_url ?? null,
      reviews: latest.map((r) => ({
        rating: r.rating!,
        comment: r.comment,
        reviewed_at: new Date(r.reviewed_at!).toISOString(),
      })),
    };
  }

  /**
   * Single sign-on into the reputation service: the caller's business there (a provider's own,
   * else the first of the practice's providers with reputation management on), a token signed
   * with the configured key (HMAC-SHA256, two minutes), and where the service lands them.
   */
  async singleSignOn(caller: Principal): Promise<ReputationSsoView> {
    const { reputationSsoUrl: url, reputationSsoKey: key } = this.config;
    const notSetUp = () => new NotFoundError(REVIEW_MESSAGES.reputationNotSetUp);
    if (!caller.practiceId) throw notSetUp();
    this.policy.assertMayWorkForPractice(caller, caller.practiceId);
    if (!url || !key) throw notSetUp();
    const business = await reputationBusinessOf(this.database.db, caller.practiceId, caller.userId);
    if (!business) throw notSetUp();
    const user = await this.database.db
      .selectFrom('rm_users')
      .select(['email'])
      .where('user_id', '=', caller.userId)
      .executeTakeFirst();
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const token = await new SignJWT({
      email: user?.email ?? null,
      business_id: business,
      practice_id: caller.practiceId,
      redirect: REPUTATION_REDIRECT_PATH,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(caller.userId)
      .setIssuedAt(now)
      .setExpirationTime(now + REPUTATION_TOKEN_TTL_SECONDS)
      .sign(new TextEncoder().encode(key));
    const target = new URL(url);
    target.searchParams.set('token', token);
    target.searchParams.set('redirectURL', REPUTATION_REDIRECT_PATH);
    return { redirect_url: target.toString(), expires_in: REPUTATION_TOKEN_TTL_SECONDS };
  }
}

interface SettingsRow {
  post_visit_survey_enabled: boolean;
  post_visit_feedback_enabled: boolean;
  patient_survey_instructions: string | null;
  survey_link_base: string | null;
  has_reputation_enabled: boolean;
  reputation_business_id: string | null;
  place_id: string | null;
  reviews_url: string | null;
}

interface FeedbackRow {
  appointment_id: string;
  practice_id: string;
  provider_id: string | null;
  patient_id: string;
  booked_by: string;
  start_date: Date;
  time_zone: string;
  status: string;
  survey_link: string | null;
  survey_invited_at: Date | null;
  feedback_enabled: boolean;
  rating: number | null;
  comment: string | null;
  provider_name: string | null;
}
