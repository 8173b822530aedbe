import {
  type ConsentDocumentDto,
  type ConsentDocumentView,
  DIGITAL_CHECK_IN_MESSAGES,
  type DigitalCheckInSettingsDto,
  type DigitalCheckInSettingsView,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '../../domain/domain-error';
import { CLOCK, type Clock } from '../../infra/clock';
import { CommandPipeline, stream } from '../../infra/event-sourcing/command-pipeline';
import { entityIdFor } from '../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../infra/http/request-context';
import { AccessPolicy } from '../identity/auth/access-policy';
import type { Principal } from '../identity/auth/principal';
import { UserAccounts } from '../identity/user-accounts';
import { DigitalCheckInRepository } from './digital-check-in.repository';
import { consentDecider, settingsDecider } from './domain/digital-check-in.deciders';
import { consentStreamId, dciSettingsStreamId } from './domain/digital-check-in.events';

const M = DIGITAL_CHECK_IN_MESSAGES;

/**
 * Digital check-in's settings per provider (the spec's, with their defaults) and the practice's
 * consent documents, each published change a new version.
 */
@Injectable()
export class DigitalCheckInSettingsService {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    private readonly accounts: UserAccounts,
    private readonly repository: DigitalCheckInRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private async providerPractice(providerId: string): Promise<string> {
    const provider = await this.accounts.load(providerId);
    const practiceId = provider.profile?.practice_id;
    if (!practiceId || provider.profile?.type !== 'Provider')
      throw new NotFoundError(M.notAProvider);
    return practiceId;
  }

  /** The provider's settings as a command would decide on them now. */
  async currentSettings(providerId: string) {
    const [loaded] = await this.pipeline.read([
      stream(dciSettingsStreamId(providerId), settingsDecider),
    ]);
    return loaded;
  }

  async settings(caller: Principal, providerId: string): Promise<DigitalCheckInSettingsView> {
    const practiceId = await this.providerPractice(providerId);
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const loaded = await this.currentSettings(providerId);
    return {
      ...loaded.state,
      provider_id: providerId,
      practice_id: practiceId,
      position: loaded.events.at(-1)?.globalPosition ?? 0,
    };
  }

  async changeSettings(
    caller: Principal,
    providerId: string,
    patch: DigitalCheckInSettingsDto,
    context: RequestContext,
  ): Promise<DigitalCheckInSettingsView> {
    const practiceId = await this.providerPractice(providerId);
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const committed = await this.pipeline.decideOn(
      dciSettingsStreamId(providerId),
      settingsDecider,
      {
        command: {
          provider_id: providerId,
          practice_id: practiceId,
          patch,
          by: caller.userId,
          now: this.clock.now(),
        },
        context,
        commandId: null,
      },
    );
    const view = await this.settings(caller, providerId);
    return { ...view, position: Math.max(view.position, committed.position) };
  }

  consents(caller: Principal, practiceId: string): Promise<ConsentDocumentView[]> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    return this.repository.consents(practiceId);
  }

  async publishConsent(
    caller: Principal,
    practiceId: string,
    consentId: string | null,
    dto: ConsentDocumentDto,
    commandId: string | null,
    context: RequestContext,
  ): Promise<ConsentDocumentView & { position: number }> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const id = consentId ?? entityIdFor(commandId ? `consent/${practiceId}/${commandId}` : null);
    const committed = await this.pipeline.decideOn(consentStreamId(id), consentDecider, {
      command: {
        consent_id: id,
        practice_id: practiceId,
        title: dto.title,
        text: dto.text,
        required: dto.required,
        existing: consentId !== null,
        by: caller.userId,
        now: this.clock.now(),
      },
      context,
      commandId: commandId ? `consent/${practiceId}/${commandId}` : null,
    });
    const [loaded] = await this.pipeline.read([stream(consentStreamId(id), consentDecider)]);
    const state = loaded.state!;
    return {
      consent_id: state.consent_id,
      practice_id: state.practice_id,
      title: state.title,
      text: state.text,
      version: state.version,
      required: state.required,
      updated_at: state.updated_at,
      position: committed.position,
    };
  }
}
