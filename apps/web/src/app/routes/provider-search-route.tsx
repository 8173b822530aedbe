import type { ProviderCardView } from '@medbook/contracts';
import { Typography } from '@mui/material';
import { AvailabilityWidget } from '../../features/calendar/components/availability-widget';
import { SearchResultsPage } from '../../features/search/components/search-results-page';

function Availability({ provider }: { provider: ProviderCardView }) {
  const next = provider.next_availability;
  if (!next) {
    return (
      <Typography color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
        No availability.
      </Typography>
    );
  }
  return (
    <AvailabilityWidget
      calendarId={next.calendar_id}
      listMode
      existingPatientsOnly={provider.allow_existing_patients_only}
    />
  );
}

/** Search results, each provider with the live availability widget. */
export function ProviderSearchRoute() {
  return <SearchResultsPage availability={(provider) => <Availability provider={provider} />} />;
}
