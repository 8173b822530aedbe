import { ChangeDirectoryEntryHandler } from './change-directory-entry';
import { RegisterDirectoryEntryHandler } from './register-directory-entry';
import { RegisterPracticeHandler } from './register-practice';

export const DIRECTORY_COMMAND_HANDLERS = [
  RegisterPracticeHandler,
  RegisterDirectoryEntryHandler,
  ChangeDirectoryEntryHandler,
];
