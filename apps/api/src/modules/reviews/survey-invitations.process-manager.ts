import type { EventStore, LogPosition, RecordedEvent, Subscription } from '@medbook/event-store';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { CLOCK, type Clock } from '../../infra/clock';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { DATABASE, type Database } from '../../infra/database/database';
import { CommandPipeline, foldRecorded, stream } from '../../infra/event-sourcing/command-pipeline';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import { systemContext } from '../../infra/http/request-context';
import { Leadership } from '../../infra/leadership/leadership';
import { shutdownStep } from '../../infra/lifecycle/shutdown-step';
import { LOGGER } from '../../infra/logging/logger';
import {
  lockCheckpoint,
  readCheckpoint,
  saveCheckpoint,
} from '../../infra/projections/projection-checkpoints';
import { MESSAGE_SENDER, type MessageSender } from '../identity/messaging/message-sender';
import { appointmentDecider } from '../scheduling/domain/appointment.decider';
import {
  type AppointmentDetails,
  type AppointmentEvent,
  appointmentStreamId,
} from '../scheduling/domain/appointment.events';
import {
  type SurveyInvitation,
  surveyInvitationDecider,
  surveyInvitationStreamId,
} from './domain/survey-invitation';
import {
  surveyLinkOf,
  surveySettingsDecider,
  surveySettingsStreamId,
} from './domain/survey-settings';
import { surveyInvitationEmail } from './survey-invitation-email';

/** Its checkpoint in projection_checkpoints: where in the log it has reacted up to. */
export const SURVEY_INVITATIONS_CHECKPOINT = 'survey-invitations';

const SURVEY_INVITATIONS = systemContext('survey-invitations');

/** How often, at most, it saves its checkpoint while it keeps reacting. */
const CHECKPOINT_INTERVAL_MS = 1000;

/**
 * Checkouts older than this when first reacted to (a new install following an old log) send
 * nothing: the patient finds those surveys on their dashboard.
 */
export const SURVEY_INVITATION_WINDOW_MS = 24 * 60 * 60 * 1000;

type StatusChanged = Extract<AppointmentEvent, { type: 'AppointmentStatusChanged' }>['data'];

/**
 * Post-visit surveys' process manager: it follows the committed log from its own checkpoint and,
 * when a visit is checked out and its provider's (or resource's) post-visit survey was on at that
 * moment, records PatientInvitedToSurvey (once per visit: the event ids derive from the checkout)
 * and sends the patient the survey by email (the outbox locally), as other patient notices are.
 * The reviews projection then pushes it live to the patient's own rooms.
 */
@Injectable()
export class SurveyInvitationsProcessManager
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private subscription: Subscription | null = null;
  /** Where it has reacted up to, when that is later than its saved checkpoint. */
  private unsaved: LogPosition | null = null;
  private savedAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MESSAGE_SENDER) private readonly sender: MessageSender,
    private readonly pipeline: CommandPipeline,
    private readonly leadership: Leadership,
  ) {}

  /** One process at a time follows the log (see Leadership). */
  onApplicationBootstrap(): Promise<void> {
    return this.leadership.campaign({
      name: SURVEY_INVITATIONS_CHECKPOINT,
      lead: () => this.follow(),
      resign: (reason) => this.unfollow(reason),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await shutdownStep('survey invitations: stop and save the place', 5000, this.logger, () =>
      this.unfollow('shutdown'),
    );
  }

  private async follow(): Promise<void> {
    if (this.subscription) return;
    const from = await readCheckpoint(this.database.db, SURVEY_INVITATIONS_CHECKPOINT);
    this.subscription = this.store.subscribeToAll({
      from,
      batchSize: 100,
      handle: (events) => this.handle(events),
      onError: (error) => this.logger.warn({ err: error }, 'survey invitations failed; retrying'),
    });
  }

  private async unfollow(reason: 'lost' | 'shutdown'): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (reason === 'shutdown') await this.flush();
    else this.unsaved = null;
  }

  private async handle(events: readonly RecordedEvent[]): Promise<void> {
    for (const event of events) await this.react(event);
    const last = events[events.length - 1];
    if (!last) return;
    // Reacting again to a checkout writes and sends nothing: the place is saved at most once per
    // interval, sparing a transaction per batch under load.
    this.unsaved = last.logPosition;
    const due = this.savedAt + CHECKPOINT_INTERVAL_MS - Date.now();
    if (due <= 0) {
      await this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.flush().catch((error: unknown) =>
          this.logger.warn(
            { err: error },
            'survey invitations checkpoint not saved; retrying later',
          ),
        );
      }, due);
    }
  }

  private flush(): Promise<void> {
    const run = this.saving.catch(() => undefined).then(() => this.saveUnsaved());
    this.saving = run;
    return run;
  }

  private async saveUnsaved(): Promise<void> {
    const at = this.unsaved;
    if (!at) return;
    await this.database.db.transaction().execute(async (trx) => {
      await lockCheckpoint(trx, SURVEY_INVITATIONS_CHECKPOINT);
      await saveCheckpoint(trx, SURVEY_INVITATIONS_CHECKPOINT, at, this.clock.now());
    });
    this.savedAt = Date.now();
    if (this.unsaved === at) this.unsaved = null;
  }

  /** One event's consequence: a recent checkout of a visit whose survey is on invites its patient. */
  async react(recorded: RecordedEvent): Promise<void> {
    if (recorded.type !== 'AppointmentStatusChanged') return;
    const change = recorded.data as StatusChanged;
    if (change.status !== 'Checked-Out') return;
    const age = this.clock.now().getTime() - new Date(change.changed_at).getTime();
    if (age > SURVEY_INVITATION_WINDOW_MS) return;
    const appointmentId = change.appointment_id;
    let visit: AppointmentDetails | null = null;
    const invited = await this.pipeline.run({
      commandId: recorded.id,
      context: SURVEY_INVITATIONS,
      read: [
        stream(appointmentStreamId(appointmentId), appointmentDecider),
        stream(surveyInvitationStreamId(appointmentId), surveyInvitationDecider),
      ],
      decide: async ([appointment, invitation], readMore) => {
        const details = appointment.state.details;
        visit = details ?? null;
        const ownerId = details?.provider_id ?? details?.resource_id;
        if (!details || !ownerId) return { append: [] };
        const [settings] = await readMore([
          stream(surveySettingsStreamId(ownerId), surveySettingsDecider),
        ]);
        // The settings as they were at the checkout, as the visit's survey link was fixed.
        const { settings: then } = foldRecorded(
          surveySettingsDecider,
          settings.events.filter((e) => e.globalPosition < recorded.globalPosition),
        );
        if (!then.post_visit_survey_enabled || !then.survey_link_base) return { append: [] };
        const events = surveyInvitationDecider.decide(
          {
            type: 'InviteToSurvey',
            invitation: {
              appointment_id: appointmentId,
              practice_id: details.practice_id,
              provider_id: details.provider_id,
              resource_id: details.resource_id,
              patient_id: details.patient_id,
              booked_by: details.booked_by,
              survey_link: surveyLinkOf(then.survey_link_base, appointmentId),
              invited_at: change.changed_at,
            },
          },
          invitation.state,
        );
        return { append: [{ streamId: invitation.streamId, events }] };
      },
      answer: (committed) =>
        committed.alreadyAppended || committed.events.length === 0
          ? null
          : (committed.events[0]!.data as SurveyInvitation),
    });
    const seen = visit as AppointmentDetails | null;
    if (invited && seen) await this.notify(invited, seen);
  }

  /**
   * The email goes to the patient's own address, else to the account that booked for them. The
   * invitation stands whatever the mail does: a failure is logged (the dashboard has the link).
   */
  private async notify(invitation: SurveyInvitation, visit: AppointmentDetails): Promise<void> {
    const ids = [...new Set([invitation.patient_id, invitation.booked_by])];
    const seenId = invitation.provider_id ?? invitation.resource_id;
    const [users, practice, seen] = await Promise.all([
      this.database.db
        .selectFrom('rm_users')
        .select(['user_id', 'email', 'first_name'])
        .where('user_id', 'in', ids)
        .execute(),
      this.database.db
        .selectFrom('rm_practices')
        .select('name')
        .where('practice_id', '=', invitation.practice_id)
        .executeTakeFirst(),
      seenId
        ? this.database.db
            .selectFrom('rm_directory_entries')
            .select('name')
            .where('id', '=', seenId)
            .executeTakeFirst()
        : undefined,
    ]);
    const patient = users.find((u) => u.user_id === invitation.patient_id);
    const recipient = patient?.email ? patient : users.find((u) => u.email);
    if (!recipient?.email) return;
    await this.sender
      .sendEmail(
        surveyInvitationEmail({
          to: recipient.email,
          firstName: patient?.first_name ?? recipient.first_name ?? null,
          practiceName: practice?.name ?? null,
          seenName: seen?.name ?? null,
          startDate: visit.start_date,
          timeZone: visit.time_zone,
          appointmentId: invitation.appointment_id,
          publicUrl: this.config.publicUrl,
        }),
      )
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'survey invitation email not sent'),
      );
  }
}
