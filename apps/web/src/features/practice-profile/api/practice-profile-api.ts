import type { DirectoryEntryView, PracticeView } from '@medbook/contracts';
import { api } from '../../../shared/api-client';

const base = (practiceId: string) => `/practices/${encodeURIComponent(practiceId)}`;

export const practiceProfileApi = {
  practice: (practiceId: string) => api<PracticeView>('GET', base(practiceId)),
  entries: (practiceId: string, kind: 'facilities' | 'providers') =>
    api<DirectoryEntryView[]>('GET', `${base(practiceId)}/${kind}`),
};
