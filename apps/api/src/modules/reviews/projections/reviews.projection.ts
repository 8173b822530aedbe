import type { RecordedEvent } from '@medbook/event-store';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import type { AppointmentEvent } from '../../scheduling/domain/appointment.events';
import type { VisitReviewEvent } from '../../telehealth/domain/visit-review';
import type { SurveyInvitationEvent } from '../domain/survey-invitation';
import { type SurveySettingsEvent, surveyLinkOf } from '../domain/survey-settings';
import { applyReviewsBatch, bookedVisit, publishSurveyInvited } from './reviews.batch';

type Handled = AppointmentEvent | VisitReviewEvent | SurveySettingsEvent | SurveyInvitationEvent;

const HANDLED = new Set<string>([
  'AppointmentBooked',
  'AppointmentStatusChanged',
  'AppointmentCanceled',
  'AppointmentRescheduled',
  'VisitReviewed',
  'ProviderSurveySettingsChanged',
  'PatientInvitedToSurvey',
]);

/**
 * Surveys and reviews' read side: each provider's survey settings (rm_survey_settings) and, per
 * appointment, what its patient is asked after the visit (rm_visit_feedback): the survey link is
 * fixed from the provider's settings as they were when the visit was completed (Checked-Out),
 * so a rebuild gives the same link; the review (VisitReviewed) is added to the same row. When the
 * link is sent to the patient (PatientInvitedToSurvey), their `user:` rooms hear of it.
 */
export const reviewsProjection: Projection = {
  name: 'reviews',
  tables: ['rm_survey_settings', 'rm_visit_feedback'],
  /** A batch folded in memory (reviews.batch.ts): one read, one write, live and in a rebuild. */
  async applyAll(events: readonly RecordedEvent[], context: ProjectionContext): Promise<void> {
    const told = events.filter((event) => HANDLED.has(event.type));
    if (told.length > 0) await applyReviewsBatch(told, context);
  },
  /** Event by event: what a batch must leave and send. */
  async apply(recorded: RecordedEvent, { trx, publish }: ProjectionContext): Promise<void> {
    if (!HANDLED.has(recorded.type)) return;
    const event = { type: recorded.type, data: recorded.data } as Handled;
    const position = recorded.globalPosition;
    switch (event.type) {
      case 'ProviderSurveySettingsChanged': {
        const { changed_by: _by, changed_at: _at, ...settings } = event.data;
        const row = {
          ...settings,
          place_id: settings.place_id ?? null,
          reviews_url: settings.reviews_url ?? null,
        };
        await trx
          .insertInto('rm_survey_settings')
          .values({ ...row, position })
          .onConflict((oc) => oc.column('provider_id').doUpdateSet({ ...row, position }))
          .execute();
        return;
      }
      case 'AppointmentBooked': {
        const d = event.data;
        await trx
          .insertInto('rm_visit_feedback')
          .values(bookedVisit(d, position))
          .onConflict((oc) => oc.column('appointment_id').doNothing())
          .execute();
        return;
      }
      case 'AppointmentRescheduled':
        await trx
          .updateTable('rm_visit_feedback')
          .set({ start_date: event.data.start_date, position })
          .where('appointment_id', '=', event.data.appointment_id)
          .execute();
        return;
      case 'AppointmentCanceled':
        await trx
          .updateTable('rm_visit_feedback')
          .set({ status: 'Canceled', position })
          .where('appointment_id', '=', event.data.appointment_id)
          .execute();
        return;
      case 'AppointmentStatusChanged': {
        const { appointment_id: appointmentId, status, changed_at: at } = event.data;
        if (status !== 'Checked-Out') {
          await trx
            .updateTable('rm_visit_feedback')
            .set({ status, position })
            .where('appointment_id', '=', appointmentId)
            .execute();
          return;
        }
        const visit = await trx
          .selectFrom('rm_visit_feedback')
          .select(['provider_id', 'resource_id'])
          .where('appointment_id', '=', appointmentId)
          .executeTakeFirst();
        const ownerId = visit?.provider_id ?? visit?.resource_id ?? null;
        const settings = ownerId
          ? await trx
              .selectFrom('rm_survey_settings')
              .select([
                'post_visit_survey_enabled',
                'post_visit_feedback_enabled',
                'survey_link_base',
              ])
              .where('provider_id', '=', ownerId)
              .executeTakeFirst()
          : undefined;
        const surveyLink =
          settings?.post_visit_survey_enabled && settings.survey_link_base
            ? surveyLinkOf(settings.survey_link_base, appointmentId)
            : null;
        await trx
          .updateTable('rm_visit_feedback')
          .set({
            status,
            completed_at: at,
            survey_link: surveyLink,
            feedback_enabled: settings?.post_visit_feedback_enabled ?? false,
            position,
          })
          .where('appointment_id', '=', appointmentId)
          .execute();
        return;
      }
      case 'VisitReviewed':
        await trx
          .updateTable('rm_visit_feedback')
          .set({
            rating: event.data.rating,
            comment: event.data.comment,
            reviewed_at: event.data.at,
            position,
          })
          .where('appointment_id', '=', event.data.appointment_id)
          .execute();
        return;
      case 'PatientInvitedToSurvey': {
        const d = event.data;
        await trx
          .updateTable('rm_visit_feedback')
          .set({ survey_invited_at: d.invited_at, position })
          .where('appointment_id', '=', d.appointment_id)
          .execute();
        publishSurveyInvited(publish, d, position);
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
