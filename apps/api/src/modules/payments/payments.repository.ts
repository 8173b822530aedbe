import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '../../infra/database/database';

export interface CalendarPayee {
  readonly calendar_id: string;
  readonly practice_id: string;
  readonly provider_id: string | null;
}

export interface ProviderVisitFee {
  readonly enable_visit_fee: boolean;
  readonly visit_amount: number;
  readonly insured_visit_amount: number;
}

/** The read models a payment needs: whose calendar, and what its provider charges. */
@Injectable()
export class PaymentsRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async calendar(calendarId: string): Promise<CalendarPayee | null> {
    const row = await this.database.db
      .selectFrom('rm_calendars')
      .select(['calendar_id', 'practice_id', 'provider_id'])
      .where('calendar_id', '=', calendarId)
      .executeTakeFirst();
    return row ?? null;
  }

  /** A resource, or a provider without fee settings, charges nothing. */
  async visitFee(providerId: string | null): Promise<ProviderVisitFee> {
    const row = providerId
      ? await this.database.db
          .selectFrom('rm_directory_entries')
          .select('details')
          .where('kind', '=', 'provider')
          .where('id', '=', providerId)
          .executeTakeFirst()
      : undefined;
    const details = (row?.details ?? {}) as Record<string, unknown>;
    const amount = (value: unknown) => (typeof value === 'number' ? value : 0);
    return {
      enable_visit_fee: details.enable_visit_fee === true,
      visit_amount: amount(details.visit_amount),
      insured_visit_amount: amount(details.insured_visit_amount),
    };
  }
}
