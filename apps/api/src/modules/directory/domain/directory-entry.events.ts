/** Facilities, providers, resources and visit reasons: each an entry of its practice's directory. */
export type DirectoryKind = 'facility' | 'provider' | 'resource' | 'visit_reason';

export const directoryStreamId = (kind: DirectoryKind, id: string): string =>
  `${kind.replace('_', '')}-${id}`;

export interface DirectoryEntry {
  readonly id: string;
  readonly practice_id: string;
  readonly kind: DirectoryKind;
  readonly name: string;
  readonly details: Record<string, unknown>;
}

export type DirectoryEntryEvent = {
  type: 'DirectoryEntryRegistered';
  data: DirectoryEntry & { registered_at: string };
};

/** What an edit may change: the name and the rest of the form. */
export type DirectoryEntryFields = Pick<DirectoryEntry, 'name' | 'details'>;

/**
 * An entry edited: its name and details as they were and as they are now (the whole form:
 * details are replaced, not merged). Kept apart from DirectoryEntryEvent so read models that
 * only list registrations are not asked to fold edits.
 */
export type DirectoryEntryChangeEvent = {
  type: 'DirectoryEntryChanged';
  data: {
    readonly id: string;
    readonly practice_id: string;
    readonly kind: DirectoryKind;
    readonly before: DirectoryEntryFields;
    readonly after: DirectoryEntryFields;
    readonly changed_at: string;
  };
};

/** Every event of an entry's stream. */
export type DirectoryEntryStreamEvent = DirectoryEntryEvent | DirectoryEntryChangeEvent;

export interface DirectoryEntryState {
  readonly entry: DirectoryEntry | null;
}

export const initialDirectoryEntryState = (): DirectoryEntryState => ({ entry: null });

export function evolveDirectoryEntry(
  state: DirectoryEntryState,
  event: DirectoryEntryStreamEvent,
): DirectoryEntryState {
  switch (event.type) {
    case 'DirectoryEntryRegistered': {
      const { registered_at: _, ...entry } = event.data;
      return { entry };
    }
    case 'DirectoryEntryChanged':
      return state.entry ? { entry: { ...state.entry, ...event.data.after } } : state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
