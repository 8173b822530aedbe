import type { FamilyPassportView } from '@medbook/contracts';
import type { Observable } from 'rxjs';
import { liveQuery$, READ_AGAIN } from '../../../live/live-query';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { familyPassports } from '../api/vaccination-api';

/**
 * The patient's household with their passports, live: read at first, after every reconnect and
 * whenever a dose is recorded for them or a family member (pushed to their own room).
 */
export function familyPassports$(patientId: string): Observable<readonly FamilyPassportView[]> {
  return liveQuery$({
    read: (minPosition) => familyPassports(patientId, minPosition),
    pushes: roomEvent$(`user:${patientId}`, 'vaccination.recorded'),
    apply: () => READ_AGAIN,
    refetch$: connected$,
  });
}
