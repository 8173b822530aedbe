import type { OutboxMessageView } from '@medbook/contracts';
import { Controller, Get, Inject, NotFoundException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/app-config';
import { DATABASE, type Database } from '../../../infra/database/database';
import { Public } from '../auth/principal';

/** The local outbox, so a person trying the product can read the codes it sent. Not in production. */
@ApiTags('dev')
@Controller('dev/outbox')
export class OutboxController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  @Get()
  @Public()
  async list(): Promise<OutboxMessageView[]> {
    if (this.config.env === 'production') throw new NotFoundException();
    const rows = await this.database.db
      .selectFrom('outbox_messages')
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute();
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }
}
