import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { DIRECTORY_COMMAND_HANDLERS } from './commands';
import { DirectoryEntriesController } from './directory-entries.controller';
import { DirectoryController } from './directory.controller';
import { DirectoryEntriesRepository } from './queries/directory-entries.repository';
import { PracticesRepository } from './queries/practices.repository';

@Module({
  imports: [IdentityModule],
  controllers: [DirectoryController, DirectoryEntriesController],
  providers: [...DIRECTORY_COMMAND_HANDLERS, PracticesRepository, DirectoryEntriesRepository],
})
export class DirectoryModule {}
