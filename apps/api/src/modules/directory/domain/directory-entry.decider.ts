import type { Decider } from '../../../domain/decider';
import { ConflictError } from '../../../domain/domain-error';
import {
  type DirectoryEntry,
  type DirectoryEntryEvent,
  type DirectoryEntryState,
  evolveDirectoryEntry,
  initialDirectoryEntryState,
} from './directory-entry.events';

export const ENTRY_EXISTS = 'This entry is already registered.';

export interface RegisterDirectoryEntry {
  readonly type: 'RegisterDirectoryEntry';
  readonly entry: DirectoryEntry;
  readonly now: Date;
}

export function decideDirectoryEntry(
  command: RegisterDirectoryEntry,
  state: DirectoryEntryState,
): DirectoryEntryEvent[] {
  if (state.entry) throw new ConflictError(ENTRY_EXISTS);
  return [
    {
      type: 'DirectoryEntryRegistered',
      data: {
        ...command.entry,
        name: command.entry.name.trim(),
        registered_at: command.now.toISOString(),
      },
    },
  ];
}

export const directoryEntryDecider: Decider<
  RegisterDirectoryEntry,
  DirectoryEntryEvent,
  DirectoryEntryState
> = {
  initialState: initialDirectoryEntryState,
  decide: decideDirectoryEntry,
  evolve: evolveDirectoryEntry,
};
