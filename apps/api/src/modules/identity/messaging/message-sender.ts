import { randomUUID } from 'node:crypto';
import type { OutboxMessageView } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/app-config';
import { CLOCK, type Clock } from '../../../infra/clock';
import { DATABASE, type Database } from '../../../infra/database/database';
import { LOGGER } from '../../../infra/logging/logger';

export interface EmailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export interface SmsMessage {
  readonly to: string;
  readonly text: string;
}

/** The email and SMS port. */
export interface MessageSender {
  sendEmail(message: EmailMessage): Promise<void>;
  sendSms(message: SmsMessage): Promise<void>;
}

export const MESSAGE_SENDER = Symbol('MESSAGE_SENDER');

/** The local adapter: messages are stored in PostgreSQL for a person trying the product to read. */
@Injectable()
export class OutboxMessageSender implements MessageSender {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  sendEmail(message: EmailMessage): Promise<void> {
    return this.store('email', message.to, message.subject, message.text);
  }

  sendSms(message: SmsMessage): Promise<void> {
    return this.store('sms', message.to, null, message.text);
  }

  async recent(limit = 100): Promise<OutboxMessageView[]> {
    const rows = await this.database.db
      .selectFrom('outbox_messages')
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }

  private async store(
    channel: 'email' | 'sms',
    recipient: string,
    subject: string | null,
    body: string,
  ): Promise<void> {
    await this.database.db
      .insertInto('outbox_messages')
      .values({ id: randomUUID(), channel, recipient, subject, body, created_at: this.clock.now() })
      .execute();
  }
}

/** Email through SMTP (nodemailer) when SMTP_URL is set; SMS still goes to the outbox. */
export class SmtpMessageSender implements MessageSender {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly sms: MessageSender,
    private readonly logger: Logger,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async sendEmail(message: EmailMessage): Promise<void> {
    const info = (await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    })) as { messageId?: string };
    this.logger.info({ message_id: info.messageId }, 'email sent');
  }

  sendSms(message: SmsMessage): Promise<void> {
    return this.sms.sendSms(message);
  }
}

export const messageSenderProvider = {
  provide: MESSAGE_SENDER,
  inject: [APP_CONFIG, LOGGER, OutboxMessageSender],
  useFactory: (config: AppConfig, logger: Logger, outbox: OutboxMessageSender): MessageSender =>
    config.smtpUrl
      ? new SmtpMessageSender(config.smtpUrl, config.mailFrom, outbox, logger)
      : outbox,
};
