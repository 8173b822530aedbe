import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { NOTIFICATIONS_COMMAND_HANDLERS } from './commands';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './queries/notifications.repository';
import { PracticeNotificationsQueries } from './queries/practice-notifications';

@Module({
  imports: [IdentityModule],
  controllers: [NotificationsController],
  providers: [
    ...NOTIFICATIONS_COMMAND_HANDLERS,
    NotificationsRepository,
    PracticeNotificationsQueries,
  ],
})
export class NotificationsModule {}
