import type { ProviderCardView } from '@medbook/contracts';
import { Typography } from '@mui/material';
import { useObservableState } from 'observable-hooks';
import { type ReactNode, useMemo } from 'react';
import { defer } from 'rxjs';
import { api } from '../../../shared/api-client';
import { useTranslation } from '../../../shared/i18n';

interface CalendarRef {
  readonly calendar_id: string;
  readonly wait_list_enabled: boolean;
}

/**
 * A search card whose provider has nothing open: when one of their calendars takes a waiting
 * list, its widget shows 'No availability.' with Join Waiting List (or the already-enrolled
 * message); otherwise just 'No availability.'.
 */
export function UnavailableProvider({
  provider,
  availability,
}: {
  provider: ProviderCardView;
  /** The live week of the calendar that takes a waiting list. */
  availability: (calendarId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const facilityId =
    provider.nearest_facility?.facility_id ?? provider.primaryFacility?.facility_id;
  const calendars = useObservableState(
    useMemo(
      () =>
        defer(() =>
          api<CalendarRef[]>(
            'GET',
            `/calendars?provider_id=${encodeURIComponent(provider.id)}${
              facilityId ? `&facility_id=${encodeURIComponent(facilityId)}` : ''
            }`,
          ),
        ),
      [provider.id, facilityId],
    ),
  );
  const withList = calendars?.find((c) => c.wait_list_enabled);
  if (withList) return availability(withList.calendar_id);
  return (
    <Typography color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
      {t('resourcesSearch.noAvailability')}
    </Typography>
  );
}
