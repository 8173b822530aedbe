import { Module } from '@nestjs/common';
import { RegisterPracticeHandler } from './commands/register-practice.handler';
import { DirectoryController } from './directory.controller';
import { GetPracticeHandler } from './queries/get-practice.handler';
import { PracticesRepository } from './queries/practices.repository';

const commandHandlers = [RegisterPracticeHandler];
const queryHandlers = [GetPracticeHandler];

@Module({
  controllers: [DirectoryController],
  providers: [...commandHandlers, ...queryHandlers, PracticesRepository],
})
export class DirectoryModule {}
