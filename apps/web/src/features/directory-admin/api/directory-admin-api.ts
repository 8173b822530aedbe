import type {
  CodedItem,
  CommandAccepted,
  DirectoryEntryView,
  NamedItem,
  ReferenceItem,
} from '@medbook/contracts';
import { api } from '../../../shared/api-client';

/** The kinds as the directory's routes name them. */
export type DirectoryKind = 'facilities' | 'providers' | 'resources';

const enc = encodeURIComponent;
const after = (position: number | null) => (position === null ? '' : `?min_position=${position}`);

export const directoryAdminApi = {
  /** With `minPosition`, the list reflects that change (read your writes). */
  list: (practiceId: string, kind: DirectoryKind, minPosition: number | null = null) =>
    api<DirectoryEntryView[]>('GET', `/practices/${enc(practiceId)}/${kind}${after(minPosition)}`),
  register: (practiceId: string, kind: DirectoryKind, body: Record<string, unknown>) =>
    api<CommandAccepted>('POST', `/practices/${enc(practiceId)}/${kind}`, body),
  change: (practiceId: string, kind: DirectoryKind, id: string, body: Record<string, unknown>) =>
    api<CommandAccepted>('PUT', `/practices/${enc(practiceId)}/${kind}/${enc(id)}`, body),
  specialties: () => api<ReferenceItem[]>('GET', '/specialties'),
  suffixes: () => api<NamedItem[]>('GET', '/professional-suffixes'),
  states: () => api<CodedItem[]>('GET', '/states/all'),
};
