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

export interface DirectoryEntryState {
  readonly entry: DirectoryEntry | null;
}

export const initialDirectoryEntryState = (): DirectoryEntryState => ({ entry: null });

export function evolveDirectoryEntry(
  _state: DirectoryEntryState,
  event: DirectoryEntryEvent,
): DirectoryEntryState {
  const { registered_at: _, ...entry } = event.data;
  return { entry };
}
