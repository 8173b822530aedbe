import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { MarkNotificationsSeenHandler } from './commands/mark-notifications-seen.handler';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './queries/notifications.repository';

const commandHandlers = [MarkNotificationsSeenHandler];

@Module({
  imports: [IdentityModule],
  controllers: [NotificationsController],
  providers: [...commandHandlers, NotificationsRepository],
})
export class NotificationsModule {}
