import { STATUS_MESSAGES, type WaitlistOfferView } from '@medbook/contracts';
import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../domain/domain-error';
import { AccessPolicy } from '../identity/auth/access-policy';
import type { Principal } from '../identity/auth/principal';
import { WaitlistRepository } from './waitlist.repository';

/** Offers as their patients (and who acts for them) reach them. */
@Injectable()
export class WaitlistOffers {
  constructor(
    private readonly repository: WaitlistRepository,
    private readonly policy: AccessPolicy,
  ) {}

  async offerFor(caller: Principal, offerId: string): Promise<WaitlistOfferView> {
    const offer = await this.repository.offer(offerId);
    if (!offer) throw new NotFoundError(STATUS_MESSAGES[404]);
    await this.policy.assertMayActForPatient(caller, offer.patient_id);
    return offer;
  }
}
