import type { Decider } from '../../../domain/decider';
import { ConflictError, DomainError, NotFoundError } from '../../../domain/domain-error';
import {
  type DirectoryEntry,
  type DirectoryEntryStreamEvent,
  type DirectoryEntryState,
  type DirectoryKind,
  evolveDirectoryEntry,
  initialDirectoryEntryState,
} from './directory-entry.events';

export const ENTRY_EXISTS = 'This entry is already registered.';
export const ENTRY_NOT_FOUND: Record<DirectoryKind, string> = {
  facility: 'This facility is not registered.',
  provider: 'This provider is not registered.',
  resource: 'This resource is not registered.',
  visit_reason: 'This visit reason is not registered.',
};
/** A facility's calendars tell their hours in its zone, checked when each was created. */
export const FACILITY_ZONE_FIXED =
  "A facility's time zone is set when it is registered: its calendars' hours are in it.";

export interface RegisterDirectoryEntry {
  readonly type: 'RegisterDirectoryEntry';
  readonly entry: DirectoryEntry;
  readonly now: Date;
}

/** A new name and form for an entry of the practice, of the kind the route names. */
export interface ChangeDirectoryEntry {
  readonly type: 'ChangeDirectoryEntry';
  readonly entry: DirectoryEntry;
  readonly now: Date;
}

export type DirectoryEntryCommand = RegisterDirectoryEntry | ChangeDirectoryEntry;

/** A provider's account (user_id) is its entry's id: an edit keeps it as registered. */
function keptIdentity(
  current: DirectoryEntry,
  details: Record<string, unknown>,
): Record<string, unknown> {
  if (current.kind !== 'provider') return details;
  const { user_id: _, ...rest } = details;
  return current.details.user_id === undefined
    ? rest
    : { user_id: current.details.user_id, ...rest };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export function decideDirectoryEntry(
  command: DirectoryEntryCommand,
  state: DirectoryEntryState,
): DirectoryEntryStreamEvent[] {
  switch (command.type) {
    case 'RegisterDirectoryEntry':
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
    case 'ChangeDirectoryEntry': {
      const current = state.entry;
      const { entry } = command;
      // Another practice's entry, or one of another kind, is as unknown as none.
      if (!current || current.practice_id !== entry.practice_id || current.kind !== entry.kind) {
        throw new NotFoundError(ENTRY_NOT_FOUND[entry.kind]);
      }
      if (
        entry.kind === 'facility' &&
        entry.details.iana_time_zone !== current.details.iana_time_zone
      ) {
        throw new DomainError('invalid', FACILITY_ZONE_FIXED);
      }
      const after = { name: entry.name.trim(), details: keptIdentity(current, entry.details) };
      const before = { name: current.name, details: current.details };
      if (same(before, after)) return [];
      return [
        {
          type: 'DirectoryEntryChanged',
          data: {
            id: current.id,
            practice_id: current.practice_id,
            kind: current.kind,
            before,
            after,
            changed_at: command.now.toISOString(),
          },
        },
      ];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const directoryEntryDecider: Decider<
  DirectoryEntryCommand,
  DirectoryEntryStreamEvent,
  DirectoryEntryState
> = {
  initialState: initialDirectoryEntryState,
  decide: decideDirectoryEntry,
  evolve: evolveDirectoryEntry,
};
