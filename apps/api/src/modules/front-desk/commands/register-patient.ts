import type { PatientRegistered, RegisterPatientDto } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline, stream } from '../../../infra/event-sourcing/command-pipeline';
import { entityIdFor } from '../../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { emailClaimDecider, emailStreamId } from '../../identity/domain/email-claim.decider';
import { userDecider } from '../../identity/domain/user.decider';
import { type UserProfile, userStreamId } from '../../identity/domain/user.events';
import { UsersRepository } from '../../identity/users.repository';
import {
  practicePatientsDecider,
  practicePatientsStreamId,
} from '../domain/practice-patients.decider';

/** The front desk registers a patient for its practice (issue 18 item 3). */
export class RegisterPatientCommand extends Command<PatientRegistered> {
  constructor(
    readonly caller: Principal,
    readonly practiceId: string,
    readonly dto: RegisterPatientDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/**
 * The patient's account (no password: they claim it later through "Forgot Password" on their
 * email), the email's claim when one is given, and the practice's list of its patients, in one
 * atomic append: a taken email registers nobody.
 */
@CommandHandler(RegisterPatientCommand)
export class RegisterPatientHandler implements ICommandHandler<RegisterPatientCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    private readonly users: UsersRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({
    caller,
    practiceId,
    dto,
    context,
  }: RegisterPatientCommand): Promise<PatientRegistered> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const commandId = dto.command_id ?? null;
    const patientId = entityIdFor(commandId);
    const email = dto.email?.trim() || null;
    const profile: UserProfile = {
      user_id: patientId,
      type: 'Patient',
      email: email ?? '',
      first_name: dto.first_name.trim(),
      last_name: dto.last_name.trim(),
      middle_name: null,
      birth_date: dto.birth_date,
      gender: null,
      mobile_number: dto.mobile_number.trim(),
      zip_code: null,
      time_zone: null,
      // A patient belongs to no practice: the practice's list below says whose patient they are.
      practice_id: null,
      social_provider: null,
      sms_alerts_consent: false,
    };
    const now = this.clock.now();
    const emailStream = email ? [stream(emailStreamId(email), emailClaimDecider)] : [];
    const { position } = await this.pipeline.run({
      commandId,
      context: { ...context, onBehalfOf: patientId },
      read: [
        stream(userStreamId(patientId), userDecider),
        stream(practicePatientsStreamId(practiceId), practicePatientsDecider),
        ...emailStream,
      ],
      decide: ([user, practice, claim]) => ({
        append: [
          {
            streamId: user.streamId,
            events: userDecider.decide({ type: 'RegisterUser', profile, now }, user.state),
          },
          {
            streamId: practice.streamId,
            events: practicePatientsDecider.decide(
              {
                type: 'RegisterPatientAtPractice',
                practiceId,
                patientId,
                registeredBy: caller.userId,
                now,
              },
              practice.state,
            ),
          },
          ...(claim
            ? [
                {
                  streamId: claim.streamId,
                  events: emailClaimDecider.decide(
                    { type: 'ClaimEmail', userId: patientId, now },
                    claim.state,
                  ),
                },
              ]
            : []),
        ],
      }),
      answer: ({ position }) => ({ position }),
    });
    if (email) await this.users.setCredential(patientId, email, null);
    return {
      patient: {
        patient_id: patientId,
        first_name: profile.first_name,
        last_name: profile.last_name,
        birth_date: profile.birth_date,
        mobile_number: profile.mobile_number,
        email,
        account_holder: null,
        known_to_practice: true,
      },
      position,
    };
  }
}
