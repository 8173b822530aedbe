import type { CalendarView, ProviderCardView, SearchFacilityView } from '@medbook/contracts';
import LocationOn from '@mui/icons-material/LocationOn';
import { Box, Stack, Typography } from '@mui/material';
import { useObservableState } from 'observable-hooks';
import { type ReactNode, useMemo } from 'react';
import { defer, map } from 'rxjs';
import { api } from '../../shared/api-client';
import { useTranslation } from '../../shared/i18n';

/** The nearest facility first, then the others in the order the practice registered them. */
export function facilitiesInOrder(provider: ProviderCardView): readonly SearchFacilityView[] {
  const nearest = provider.nearest_facility?.facility_id;
  return [...provider.facilities].sort(
    (a, b) => Number(b.facility_id === nearest) - Number(a.facility_id === nearest),
  );
}

/** "Main Clinic, 1 Main St, Boston, MA 02110 · 2.4 mi". */
export const facilityLine = (f: SearchFacilityView): string =>
  `${f.name}, ${f.address.address1}, ${f.address.city}, ${f.address.state} ${f.address.zip_code}${
    f.distance !== null ? ` · ${f.distance} mi` : ''
  }`;

/**
 * Which of a provider's calendars at a facility its row shows: the one with the provider's next
 * open slot when it is there, else an office calendar, else the first (which may still take a
 * waiting list).
 */
export function rowCalendar(
  provider: ProviderCardView,
  facilityId: string,
  calendars: readonly Pick<CalendarView, 'calendar_id' | 'visit_type'>[],
): string | null {
  const next = provider.next_availability;
  if (next && next.facility_id === facilityId) return next.calendar_id;
  return (calendars.find((c) => c.visit_type === 'Office') ?? calendars[0])?.calendar_id ?? null;
}

function FacilityWeek({
  provider,
  facility,
  week,
}: {
  provider: ProviderCardView;
  facility: SearchFacilityView;
  week: (calendarId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const next = provider.next_availability;
  const known = next && next.facility_id === facility.facility_id ? next.calendar_id : null;
  const found = useObservableState(
    useMemo(
      () =>
        defer(() =>
          known
            ? Promise.resolve(known)
            : api<CalendarView[]>(
                'GET',
                `/calendars?provider_id=${encodeURIComponent(provider.id)}&facility_id=${encodeURIComponent(facility.facility_id)}`,
              ).then((calendars) => rowCalendar(provider, facility.facility_id, calendars)),
        ).pipe(map((calendarId) => ({ calendarId }))),
      [known, provider, facility.facility_id],
    ),
  );
  if (!found) return null;
  if (!found.calendarId) {
    return (
      <Typography color="text.secondary" variant="body2" sx={{ py: 1 }}>
        {t('resourcesSearch.noAvailability')}
      </Typography>
    );
  }
  return <>{week(found.calendarId)}</>;
}

/**
 * Issue 19: a provider with calendars at several facilities shows one availability row per
 * facility, each under that facility's name and address, so no slot is shown under another
 * facility's address.
 */
export function FacilityRows({
  provider,
  week,
}: {
  provider: ProviderCardView;
  week: (calendarId: string) => ReactNode;
}) {
  return (
    <Stack spacing={2} divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
      {facilitiesInOrder(provider).map((facility) => (
        <Box
          key={facility.facility_id}
          component="section"
          aria-label={`Availability at ${facility.name}`}
          data-testid="facility-row"
        >
          <Box sx={{ display: 'flex', gap: 0.5, mb: 1, color: 'text.secondary' }}>
            <LocationOn fontSize="small" aria-hidden />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {facilityLine(facility)}
            </Typography>
          </Box>
          <FacilityWeek provider={provider} facility={facility} week={week} />
        </Box>
      ))}
    </Stack>
  );
}
