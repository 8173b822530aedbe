import { DeciderSpecification } from '../../../domain/decider-specification';
import { ConflictError } from '../../../domain/domain-error';
import {
  directoryEntryDecider,
  ENTRY_EXISTS,
  type RegisterDirectoryEntry,
} from './directory-entry.decider';
import type { DirectoryEntryEvent } from './directory-entry.events';

const given = DeciderSpecification.for(directoryEntryDecider);
const now = new Date('2026-11-23T09:30:00Z');
const register: RegisterDirectoryEntry = {
  type: 'RegisterDirectoryEntry',
  entry: {
    id: 'f0000000-0000-4000-8000-000000000001',
    practice_id: 'c0ffee00-0000-4000-8000-000000000001',
    kind: 'facility',
    name: '  Main Street Clinic ',
    details: { phone: '5550100' },
  },
  now,
};
const registered: DirectoryEntryEvent = {
  type: 'DirectoryEntryRegistered',
  data: { ...register.entry, name: 'Main Street Clinic', registered_at: now.toISOString() },
};

describe('registering a directory entry', () => {
  it('registers the entry with its trimmed name and the time', () => {
    given([]).when(register).then([registered]);
  });

  it('refuses an entry already registered', () => {
    given([registered]).when(register).thenThrows(ConflictError, ENTRY_EXISTS);
  });
});
