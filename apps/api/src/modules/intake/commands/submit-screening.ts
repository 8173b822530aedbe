import {
  type CustomFormView,
  INTAKE_MESSAGES,
  type SubmitScreeningDto,
  YES_NO_ANSWERS,
} from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, NotFoundError } from '../../../domain/domain-error';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import { entityIdFor } from '../../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { customForm } from '../custom-forms.catalogue';
import { screeningDecider, screeningStreamId } from '../domain/screening.decider';
import { IntakeRepository } from '../intake.repository';

export class SubmitScreeningCommand extends Command<{ screening_id: string }> {
  constructor(
    readonly caller: Principal,
    readonly calendarId: string,
    readonly dto: SubmitScreeningDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(SubmitScreeningCommand)
export class SubmitScreeningHandler implements ICommandHandler<SubmitScreeningCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    private readonly repository: IntakeRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({
    caller,
    calendarId,
    dto,
    context,
  }: SubmitScreeningCommand): Promise<{ screening_id: string }> {
    await this.policy.assertMayActForPatient(caller, dto.patient_id);
    const calendar = await this.repository.calendar(calendarId);
    if (!calendar) throw new NotFoundError(INTAKE_MESSAGES.calendarNotFound);
    if (!(calendar.custom_form_ids ?? []).includes(dto.form_id)) {
      throw new DomainError('invalid', INTAKE_MESSAGES.formNotOnCalendar, { form_id: 'Invalid' });
    }
    const form = customForm(dto.form_id);
    const errors = invalidAnswers(form, dto.answers);
    const first = Object.values(errors)[0];
    if (first) throw new DomainError('invalid', first, errors);

    // A retried submission names the same screening: the id derives from the caller's command.
    const screeningId = entityIdFor(
      dto.command_id ? `screening/${caller.userId}/${dto.command_id}` : null,
    );
    const answers = Object.fromEntries(
      form.questions
        .filter((q) => typeof dto.answers[q.id] === 'string' && dto.answers[q.id]!.trim() !== '')
        .map((q) => [q.id, dto.answers[q.id]!.trim()]),
    );
    await this.pipeline.decideOn(screeningStreamId(screeningId), screeningDecider, {
      command: {
        screening: {
          screening_id: screeningId,
          calendar_id: calendarId,
          practice_id: calendar.practice_id,
          patient_id: dto.patient_id,
          form_id: dto.form_id,
          answers,
        },
        by: caller.userId,
        now: this.clock.now(),
      },
      context,
      commandId: dto.command_id ?? null,
    });
    return { screening_id: screeningId };
  }
}

/** Each answer must be to a question of the form; required ones given, yes/no ones yes or no. */
function invalidAnswers(
  form: CustomFormView,
  given: SubmitScreeningDto['answers'],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [id, value] of Object.entries(given)) {
    const question = form.questions.find((q) => q.id === id);
    if (!question) errors[id] = INTAKE_MESSAGES.unknownQuestion;
    else if (typeof value !== 'string') errors[id] = INTAKE_MESSAGES.answerRequired;
  }
  for (const question of form.questions) {
    const raw = given[question.id];
    const answer = typeof raw === 'string' ? raw.trim() : '';
    if (errors[question.id]) continue;
    if (question.required && answer === '') errors[question.id] = INTAKE_MESSAGES.answerRequired;
    else if (
      question.kind === 'yes_no' &&
      answer !== '' &&
      !(YES_NO_ANSWERS as readonly string[]).includes(answer)
    ) {
      errors[question.id] = INTAKE_MESSAGES.answerYesNo;
    }
  }
  return errors;
}
