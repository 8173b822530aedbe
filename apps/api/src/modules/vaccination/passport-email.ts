import { VACCINATION_MESSAGES } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { InvalidError, NotFoundError } from '../../domain/domain-error';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import type { Principal } from '../identity/auth/principal';
import { MESSAGE_SENDER, type MessageSender } from '../identity/messaging/message-sender';
import { UserAccounts } from '../identity/user-accounts';
import { VaccinationQueries } from './vaccination.queries';
import { VaccinationRepository } from './vaccination.repository';

/**
 * The spec's passport 'email link' (and a support agent's passport issuing): the passport's
 * verification link goes to its holder's account address, the patient's or, for a family member,
 * their guardian's; never to an address typed in, nor to the staff or agent who asked, since the
 * link shows the health data it carries to whoever opens it.
 */
@Injectable()
export class PassportEmail {
  constructor(
    private readonly queries: VaccinationQueries,
    private readonly accounts: UserAccounts,
    private readonly repository: VaccinationRepository,
    @Inject(MESSAGE_SENDER) private readonly sender: MessageSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(caller: Principal, patientId: string): Promise<void> {
    const passport = await this.queries.passport(caller, patientId);
    if (!passport) throw new NotFoundError(VACCINATION_MESSAGES.noRecord);
    const own = await this.accounts.load(patientId);
    const holder = own.profile ? patientId : await this.repository.guardianOf(patientId);
    const email = holder ? (await this.accounts.load(holder)).profile?.email : undefined;
    if (!email) throw new InvalidError(VACCINATION_MESSAGES.noEmail);
    await this.sender.sendEmail({
      to: email,
      subject: `Vaccination Passport: ${passport.data.name}`,
      text: [
        `The Vaccination Passport of ${passport.data.name}, issued by MedBook.`,
        'Show this link, or the QR code on its page, to anyone who needs to check it:',
        `${this.config.publicUrl}${passport.verification_path}`,
        'It shows the vaccinations it records to whoever opens it: share it only with them.',
      ].join('\n\n'),
    });
  }
}
