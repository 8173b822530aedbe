import {
  type AppointmentStatus,
  BOOKING_MESSAGES,
  DIGITAL_CHECK_IN_MESSAGES,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ConflictError, InvalidError, NotFoundError } from '../../domain/domain-error';
import { CLOCK, type Clock } from '../../infra/clock';
import {
  CommandPipeline,
  type StreamEvents,
  stream,
} from '../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../infra/http/request-context';
import { LOGGER } from '../../infra/logging/logger';
import { AccessPolicy } from '../identity/auth/access-policy';
import type { Principal } from '../identity/auth/principal';
import { MESSAGE_SENDER, type MessageSender } from '../identity/messaging/message-sender';
import { UserAccounts } from '../identity/user-accounts';
import {
  APPOINTMENT_NOT_FOUND,
  appointmentDecider,
} from '../scheduling/domain/appointment.decider';
import {
  type AppointmentDetails,
  appointmentStreamId,
} from '../scheduling/domain/appointment.events';
import { checkInWindow, withinCheckInWindow } from '../scheduling/domain/check-in-window';
import { SchedulingReader } from '../scheduling/queries/scheduling-reader';
import type { StepCommand } from './domain/check-in-steps';
import { checkInDecider, settingsDecider, type Visit } from './domain/digital-check-in.deciders';
import { checkInStreamId, dciSettingsStreamId } from './domain/digital-check-in.events';

const M = DIGITAL_CHECK_IN_MESSAGES;

/** A visit in these statuses is checked in already (or further on). */
const CHECKED_IN: readonly AppointmentStatus[] = [
  'Checked-In',
  'Waiting-Room',
  'In Progress',
  'Checked-Out',
];
/** A visit in these statuses is still to come: its patient may arrive. */
const EXPECTED: readonly AppointmentStatus[] = ['Accepted', 'Scheduled', 'Confirmed'];

export interface ArrivalAnswer {
  readonly position: number;
  readonly status: AppointmentStatus;
  /** Staff-approved entry: the patient waits for the practice's word. */
  readonly awaiting_entry: boolean;
}

/**
 * The patient's arrival and the practice's word to come in (the spec's staff_approved_entry,
 * i_have_arrived_text, ready_for_patient_text and arrival notification): each one atomic append
 * of the check-in's event and, where the visit is checked in by it, the appointment's.
 */
@Injectable()
export class DigitalCheckInArrivalService {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly reader: SchedulingReader,
    private readonly policy: AccessPolicy,
    private readonly accounts: UserAccounts,
    @Inject(MESSAGE_SENDER) private readonly sender: MessageSender,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * POST appointments/{id}/arrival: the patient (or whoever booked for them) is here, within the
   * calendar's check-in window. Without staff-approved entry the visit is checked in at once;
   * with it, the patient waits until staff mark them ready.
   */
  async arrive(
    caller: Principal,
    appointmentId: string,
    context: RequestContext,
  ): Promise<ArrivalAnswer> {
    const { answer } = await this.change(appointmentId, context, {
      authorize: (details) => this.policy.assertMayReachAppointment(caller, details),
      command: async (details, visit, now) => {
        const checkedIn = CHECKED_IN.includes(details.status);
        if (!checkedIn) {
          const calendar = await this.reader.calendar(details.calendar_id);
          const open = withinCheckInWindow(checkInWindow(details.start_date, calendar), now);
          if (!EXPECTED.includes(details.status) || !open) {
            throw new ConflictError(BOOKING_MESSAGES.checkInUnavailable);
          }
        }
        return {
          command: {
            type: 'AnnounceArrival',
            visit,
            checked_in: checkedIn,
            by: caller.userId,
            now,
          },
          checkIn: !visit.settings.staff_approved_entry,
        };
      },
    });
    return answer;
  }

  /**
   * POST appointments/{id}/ready (the practice's users): the patient may come in. A patient who
   * announced their arrival (or was checked in) is told with the provider's ready text; one not
   * yet checked in is checked in by it.
   */
  async markReady(
    caller: Principal,
    appointmentId: string,
    context: RequestContext,
  ): Promise<ArrivalAnswer> {
    const { answer, ready } = await this.change(appointmentId, context, {
      authorize: (details) => this.policy.assertMayWorkForPractice(caller, details.practice_id),
      command: (details, visit, now) => ({
        command: {
          type: 'MarkReady',
          visit,
          checked_in: CHECKED_IN.includes(details.status),
          by: caller.userId,
          now,
        },
        checkIn: true,
      }),
    });
    if (ready) await this.tellPatient(ready);
    return answer;
  }

  private async change(
    appointmentId: string,
    context: RequestContext,
    rules: {
      /** 403 before anything else is told. */
      readonly authorize: (details: AppointmentDetails) => unknown;
      /** The step, and whether it checks the visit in (when it is not yet). */
      readonly command: (
        details: AppointmentDetails,
        visit: Visit,
        now: Date,
      ) => Decided | Promise<Decided>;
    },
  ): Promise<{ answer: ArrivalAnswer; ready: ReadyNotice | null }> {
    let status: AppointmentStatus = 'Scheduled';
    let awaiting = false;
    let ready: ReadyNotice | null = null;
    const committed = await this.pipeline.run({
      commandId: null,
      context,
      read: [
        stream(appointmentStreamId(appointmentId), appointmentDecider),
        stream(checkInStreamId(appointmentId), checkInDecider),
      ],
      decide: async ([appointment, checkIn], readMore) => {
        const details = appointment.state.details;
        if (!details) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
        const [settings] = await readMore([
          stream(dciSettingsStreamId(details.provider_id ?? appointmentId), settingsDecider),
        ]);
        const visit: Visit = {
          appointment_id: appointmentId,
          practice_id: details.practice_id,
          patient_id: details.patient_id,
          settings: details.provider_id ? settings.state : settingsDecider.initialState(),
        };
        await rules.authorize(details);
        if (!visit.settings.digital_check_in_enabled) throw new InvalidError(M.notEnabled);
        const now = this.clock.now();
        const decided = await rules.command(details, visit, now);
        const events = checkInDecider.decide(decided.command, checkIn.state);
        const appends: StreamEvents[] = [{ streamId: checkIn.streamId, events }];
        status = details.status;
        if (events.length > 0 && decided.checkIn && !CHECKED_IN.includes(details.status)) {
          // The window (or the desk's word) was checked above: the check-in is the desk's kind.
          const checkedIn = appointmentDecider.decide(
            { type: 'CheckInAppointment', by: decided.command.by, at: { kind: 'desk' }, now },
            appointment.state,
          );
          appends.push({ streamId: appointment.streamId, events: checkedIn });
          status = 'Checked-In';
        }
        const after = events.reduce(checkInDecider.evolve, checkIn.state);
        awaiting =
          (after.steps.arrival?.awaiting_entry ?? false) &&
          !after.steps.ready &&
          !CHECKED_IN.includes(status);
        const marked = events.find((e) => e.type === 'PatientMarkedReady');
        ready =
          marked?.type === 'PatientMarkedReady' && marked.data.notify_patient
            ? { bookedBy: details.booked_by, text: marked.data.text }
            : null;
        return { append: appends };
      },
      answer: (c) => c,
    });
    return {
      answer: { position: committed.position, status, awaiting_entry: awaiting },
      ready: committed.alreadyAppended ? null : ready,
    };
  }

  /** The arrival notification's other half: the ready text by email (and SMS with consent). */
  private async tellPatient(notice: ReadyNotice): Promise<void> {
    try {
      const account = await this.accounts.load(notice.bookedBy);
      const profile = account.profile;
      if (!profile) return;
      await this.sender.sendEmail({ to: profile.email, subject: notice.text, text: notice.text });
      if (profile.mobile_number && profile.sms_alerts_consent) {
        await this.sender.sendSms({ to: profile.mobile_number, text: notice.text });
      }
    } catch (error) {
      // The patient's page shows the text live whatever the mail does: a failure is logged.
      this.logger.warn({ err: error }, 'ready-for-patient message not sent');
    }
  }
}

interface Decided {
  readonly command: StepCommand;
  readonly checkIn: boolean;
}

interface ReadyNotice {
  readonly bookedBy: string;
  readonly text: string;
}
