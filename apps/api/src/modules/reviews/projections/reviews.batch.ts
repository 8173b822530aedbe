import type { RecordedEvent } from '@medbook/event-store';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import {
  type Columns,
  rowsInsert,
  updating,
  writeTogether,
} from '../../../infra/projections/bulk-rows';
import type { ProjectionContext } from '../../../infra/projections/projection';
import type { AppointmentEvent } from '../../scheduling/domain/appointment.events';
import type { VisitReviewEvent } from '../../telehealth/domain/visit-review';
import type { SurveyInvitationEvent } from '../domain/survey-invitation';
import {
  type SurveySettings,
  type SurveySettingsEvent,
  surveyLinkOf,
} from '../domain/survey-settings';

export type ReviewsEvent =
  AppointmentEvent | VisitReviewEvent | SurveySettingsEvent | SurveyInvitationEvent;

type BookedData = Extract<AppointmentEvent, { type: 'AppointmentBooked' }>['data'];
type InvitedData = Extract<SurveyInvitationEvent, { type: 'PatientInvitedToSurvey' }>['data'];

/** The survey link sent: the patient's and the booker's `user:` rooms hear of it. */
export function publishSurveyInvited(
  publish: ProjectionContext['publish'],
  d: InvitedData,
  position: number,
): void {
  const message = {
    appointment_id: d.appointment_id,
    patient_id: d.patient_id,
    survey_link: d.survey_link,
    position,
  };
  for (const user of new Set([d.patient_id, d.booked_by])) {
    publish(`user:${user}`, 'survey.invited', message);
  }
}

/** A booking's columns of its rm_visit_feedback row (the rest start empty). */
export function bookedVisit(d: BookedData, position: number) {
  return {
    appointment_id: d.appointment_id,
    practice_id: d.practice_id,
    provider_id: d.provider_id,
    resource_id: d.resource_id,
    facility_id: d.facility_id,
    patient_id: d.patient_id,
    booked_by: d.booked_by,
    start_date: d.start_date,
    time_zone: d.time_zone,
    status: d.status,
    position,
  };
}

/** A row of rm_visit_feedback as the fold keeps it (timestamps as text). */
interface FeedbackRow {
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly facility_id: string;
  readonly patient_id: string;
  readonly booked_by: string;
  start_date: string;
  readonly time_zone: string;
  status: string;
  completed_at: string | null;
  survey_link: string | null;
  feedback_enabled: boolean;
  rating: number | null;
  comment: string | null;
  reviewed_at: string | null;
  survey_invited_at: string | null;
  position: number;
}

/** A row of rm_survey_settings. */
type SettingsRow = SurveySettings & {
  readonly provider_id: string;
  readonly practice_id: string;
  readonly position: number;
};

const FEEDBACK_COLUMNS: Columns<FeedbackRow> = {
  appointment_id: 'uuid',
  practice_id: 'uuid',
  provider_id: 'uuid',
  resource_id: 'uuid',
  facility_id: 'uuid',
  patient_id: 'uuid',
  booked_by: 'uuid',
  start_date: 'timestamptz',
  time_zone: 'text',
  status: 'text',
  completed_at: 'timestamptz',
  survey_link: 'text',
  feedback_enabled: 'boolean',
  rating: 'integer',
  comment: 'text',
  reviewed_at: 'timestamptz',
  survey_invited_at: 'timestamptz',
  position: 'bigint',
};

const SETTINGS_COLUMNS: Columns<SettingsRow> = {
  provider_id: 'uuid',
  practice_id: 'uuid',
  post_visit_survey_enabled: 'boolean',
  post_visit_feedback_enabled: 'boolean',
  patient_survey_instructions: 'text',
  survey_link_base: 'text',
  has_reputation_enabled: 'boolean',
  reputation_business_id: 'text',
  place_id: 'text',
  reviews_url: 'text',
  position: 'bigint',
};

/**
 * A batch with the rules of the projection's `apply`, event by event: the rows it names read in
 * one statement, folded in memory in log order, written back in one statement (new and changed
 * rows together, as upserts), the survey messages published in order. A change to an
 * appointment with no row changes nothing, as an UPDATE that finds no row.
 */
export async function applyReviewsBatch(
  events: readonly RecordedEvent[],
  { trx, publish }: ProjectionContext,
): Promise<void> {
  const appointmentIds = new Set<string>();
  /** Providers (or resources) whose settings a Checked-Out in the batch may read. */
  const ownerIds = new Set<string>();
  for (const { type, data } of events) {
    const d = data as {
      appointment_id?: string;
      provider_id?: string | null;
      resource_id?: string | null;
    };
    if (type === 'ProviderSurveySettingsChanged') ownerIds.add(d.provider_id!);
    else if (d.appointment_id) appointmentIds.add(d.appointment_id);
    const owner = type === 'AppointmentBooked' ? (d.provider_id ?? d.resource_id) : null;
    if (owner) ownerIds.add(owner);
  }
  const stored = await readRows(trx, [...appointmentIds], [...ownerIds]);
  const visits = new Map<string, FeedbackRow | null>(
    [...appointmentIds].map((id) => [id, stored.visits.get(id) ?? null]),
  );
  const settings = stored.settings;
  const changedVisits = new Set<string>();
  const changedSettings = new Set<string>();
  const change = (appointmentId: string, edit: (row: FeedbackRow) => void) => {
    const row = visits.get(appointmentId);
    if (!row) return;
    edit(row);
    changedVisits.add(appointmentId);
  };
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as ReviewsEvent;
    const position = recorded.globalPosition;
    switch (event.type) {
      case 'ProviderSurveySettingsChanged': {
        const { changed_by: _by, changed_at: _at, ...d } = event.data;
        settings.set(d.provider_id, {
          ...d,
          place_id: d.place_id ?? null,
          reviews_url: d.reviews_url ?? null,
          position,
        });
        changedSettings.add(d.provider_id);
        break;
      }
      case 'AppointmentBooked': {
        const d = event.data;
        if (visits.get(d.appointment_id)) break;
        visits.set(d.appointment_id, {
          ...bookedVisit(d, position),
          completed_at: null,
          survey_link: null,
          feedback_enabled: false,
          rating: null,
          comment: null,
          reviewed_at: null,
          survey_invited_at: null,
        });
        changedVisits.add(d.appointment_id);
        break;
      }
      case 'AppointmentRescheduled':
        change(event.data.appointment_id, (row) => {
          row.start_date = event.data.start_date;
          row.position = position;
        });
        break;
      case 'AppointmentCanceled':
        change(event.data.appointment_id, (row) => {
          row.status = 'Canceled';
          row.position = position;
        });
        break;
      case 'AppointmentStatusChanged': {
        const { appointment_id: appointmentId, status, changed_at: at } = event.data;
        change(appointmentId, (row) => {
          row.status = status;
          row.position = position;
          if (status !== 'Checked-Out') return;
          // The link as the owner's settings stand at this point of the log.
          const ownerId = row.provider_id ?? row.resource_id;
          const owner = ownerId ? settings.get(ownerId) : undefined;
          row.completed_at = at;
          row.survey_link =
            owner?.post_visit_survey_enabled && owner.survey_link_base
              ? surveyLinkOf(owner.survey_link_base, appointmentId)
              : null;
          row.feedback_enabled = owner?.post_visit_feedback_enabled ?? false;
        });
        break;
      }
      case 'VisitReviewed':
        change(event.data.appointment_id, (row) => {
          row.rating = event.data.rating;
          row.comment = event.data.comment;
          row.reviewed_at = event.data.at;
          row.position = position;
        });
        break;
      case 'PatientInvitedToSurvey': {
        const d = event.data;
        change(d.appointment_id, (row) => {
          row.survey_invited_at = d.invited_at;
          row.position = position;
        });
        publishSurveyInvited(publish, d, position);
        break;
      }
      default:
        break;
    }
  }
  await writeTogether(trx, [
    ...(changedSettings.size > 0
      ? [
          rowsInsert(
            'rm_survey_settings',
            SETTINGS_COLUMNS,
            [...changedSettings].map((id) => settings.get(id)!),
            updating(['provider_id'], Object.keys(SETTINGS_COLUMNS)),
          ),
        ]
      : []),
    ...(changedVisits.size > 0
      ? [
          rowsInsert(
            'rm_visit_feedback',
            FEEDBACK_COLUMNS,
            [...changedVisits].map((id) => visits.get(id)!),
            updating(['appointment_id'], Object.keys(FEEDBACK_COLUMNS)),
          ),
        ]
      : []),
  ]);
}

/**
 * The batch's stored visits, and the settings of the owners named (and of the stored visits'
 * owners): all a Checked-Out of the batch may read, in one statement.
 */
async function readRows(
  trx: Transaction<DB>,
  appointmentIds: readonly string[],
  ownerIds: readonly string[],
): Promise<{ visits: Map<string, FeedbackRow>; settings: Map<string, SettingsRow> }> {
  const { rows } = await sql<{ visits: FeedbackRow[]; settings: SettingsRow[] }>`SELECT
      (SELECT coalesce(json_agg(v), '[]') FROM rm_visit_feedback v
        WHERE appointment_id = ANY(${appointmentIds}::uuid[])) AS visits,
      (SELECT coalesce(json_agg(s), '[]') FROM rm_survey_settings s
        WHERE provider_id = ANY(${ownerIds}::uuid[])
           OR provider_id IN (SELECT coalesce(provider_id, resource_id) FROM rm_visit_feedback
                               WHERE appointment_id = ANY(${appointmentIds}::uuid[]))) AS settings`.execute(
    trx,
  );
  return {
    visits: new Map((rows[0]?.visits ?? []).map((row) => [row.appointment_id, row])),
    settings: new Map((rows[0]?.settings ?? []).map((row) => [row.provider_id, row])),
  };
}
