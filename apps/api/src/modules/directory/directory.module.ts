import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { DirectoryEntriesController } from './directory-entries.controller';
import { DirectoryEntriesRepository } from './queries/directory-entries.repository';
import { RegisterPracticeHandler } from './commands/register-practice.handler';
import { DirectoryController } from './directory.controller';
import { GetPracticeHandler } from './queries/get-practice.handler';
import { PracticesRepository } from './queries/practices.repository';

const commandHandlers = [RegisterPracticeHandler];
const queryHandlers = [GetPracticeHandler];

@Module({
  imports: [IdentityModule],
  controllers: [DirectoryController, DirectoryEntriesController],
  providers: [
    ...commandHandlers,
    ...queryHandlers,
    PracticesRepository,
    DirectoryEntriesRepository,
  ],
})
export class DirectoryModule {}
