import type { ProviderCardView } from '@medbook/contracts';
import { useSearchParams } from 'react-router';
import { AvailabilityWidget } from '../../features/calendar/components/availability-widget';
import { SearchResultsPage } from '../../features/search/components/search-results-page';
import { UnavailableProvider } from '../../features/waitlist/components/unavailable-provider';

function Availability({ provider }: { provider: ProviderCardView }) {
  // The week opens at the searched date (spec 2.2's date filter), not today.
  const date = useSearchParams()[0].get('date');
  const next = provider.next_availability;
  // Nothing open: a calendar with a waiting list still offers to join it.
  if (!next) return <UnavailableProvider provider={provider} />;
  return (
    <AvailabilityWidget
      calendarId={next.calendar_id}
      listMode
      existingPatientsOnly={provider.allow_existing_patients_only}
      patientVisitedBefore={provider.patient_visited_before}
      startDate={date ?? undefined}
    />
  );
}

/** Search results, each provider with the live availability widget. */
export function ProviderSearchRoute() {
  return <SearchResultsPage availability={(provider) => <Availability provider={provider} />} />;
}
