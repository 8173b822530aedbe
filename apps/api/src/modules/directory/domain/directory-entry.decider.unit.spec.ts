import { DeciderSpecification } from '../../../domain/decider-specification';
import { ConflictError, DomainError, NotFoundError } from '../../../domain/domain-error';
import {
  type ChangeDirectoryEntry,
  directoryEntryDecider,
  ENTRY_EXISTS,
  ENTRY_NOT_FOUND,
  FACILITY_ZONE_FIXED,
  type RegisterDirectoryEntry,
} from './directory-entry.decider';
import type { DirectoryEntryEvent, DirectoryEntryStreamEvent } from './directory-entry.events';

const given = DeciderSpecification.for(directoryEntryDecider);
const now = new Date('2026-11-23T09:30:00Z');
const register: RegisterDirectoryEntry = {
  type: 'RegisterDirectoryEntry',
  entry: {
    id: 'f0000000-0000-4000-8000-000000000001',
    practice_id: 'c0ffee00-0000-4000-8000-000000000001',
    kind: 'facility',
    name: '  Main Street Clinic ',
    details: { iana_time_zone: 'America/Chicago', phone: '5550100' },
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

describe('editing a directory entry', () => {
  const later = new Date('2026-11-24T10:00:00Z');
  const edit = (name: string, details: Record<string, unknown>): ChangeDirectoryEntry => ({
    type: 'ChangeDirectoryEntry',
    entry: { ...register.entry, name, details },
    now: later,
  });

  it('records the new name and form with the old ones', () => {
    const details = { iana_time_zone: 'America/Chicago', phone: '5550199' };
    const changed: DirectoryEntryStreamEvent = {
      type: 'DirectoryEntryChanged',
      data: {
        id: register.entry.id,
        practice_id: register.entry.practice_id,
        kind: 'facility',
        before: { name: 'Main Street Clinic', details: register.entry.details },
        after: { name: 'Main Street Clinic North', details },
        changed_at: later.toISOString(),
      },
    };
    given([registered]).when(edit(' Main Street Clinic North ', details)).then([changed]);
  });

  it('records nothing when nothing changes', () => {
    given([registered]).when(edit('Main Street Clinic', register.entry.details)).then([]);
  });

  it("refuses an entry that is not registered, or is another practice's or kind's, with a 404", () => {
    given([]).when(edit('X', {})).thenThrows(NotFoundError, ENTRY_NOT_FOUND.facility);
    given([registered])
      .when({ ...edit('X', {}), entry: { ...register.entry, practice_id: 'other' } })
      .thenThrows(NotFoundError, ENTRY_NOT_FOUND.facility);
    given([registered])
      .when({ ...edit('X', {}), entry: { ...register.entry, kind: 'resource' } })
      .thenThrows(NotFoundError, ENTRY_NOT_FOUND.resource);
  });

  it("keeps a facility's time zone, which its calendars' hours are in", () => {
    given([registered])
      .when(edit('Main Street Clinic', { iana_time_zone: 'America/Denver', phone: '5550100' }))
      .thenThrows(DomainError, FACILITY_ZONE_FIXED);
  });

  it("keeps a provider's account as registered", () => {
    const provider: DirectoryEntryEvent = {
      type: 'DirectoryEntryRegistered',
      data: {
        ...registered.data,
        kind: 'provider',
        name: 'Ana Rivera',
        details: { user_id: 'u1', first_name: 'Ana', last_name: 'Rivera' },
      },
    };
    given([provider])
      .when({
        type: 'ChangeDirectoryEntry',
        entry: {
          ...register.entry,
          kind: 'provider',
          name: 'Ana Rivera-Diaz',
          details: { user_id: 'u2', first_name: 'Ana', last_name: 'Rivera-Diaz' },
        },
        now: later,
      })
      .thenEvents(([event]) =>
        expect(event).toMatchObject({
          data: { after: { details: { user_id: 'u1', last_name: 'Rivera-Diaz' } } },
        }),
      );
  });
});
