import type { ProviderCardView, ResourceCardView } from '@medbook/contracts';
import { Box, Typography } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import {
  AvailabilityWidget,
  type AvailabilityWidgetProps,
} from '../../features/calendar/components/availability-widget';
import { ResourceResultsPage } from '../../features/search/components/resource-results-page';
import { SearchResultsPage } from '../../features/search/components/search-results-page';
import { UnavailableProvider } from '../../features/waitlist/components/unavailable-provider';
import { waitlistEnrolled$ } from '../../features/waitlist/streams/waitlist-enrolled.stream';
import { FacilityRows } from './facility-availability';

/** A calendar's live week, with its waiting list (a feature of its own) wired in. */
function WeekWithWaitlist(props: AvailabilityWidgetProps) {
  const navigate = useNavigate();
  return (
    <AvailabilityWidget
      {...props}
      // The waitlist page asks a visitor to log in or sign up first (spec 2.10's auth header).
      onJoinWaitlist={(calendarId) => void navigate(`/waitlist?calendar_id=${calendarId}`)}
      waitlistEnrolled$={waitlistEnrolled$}
    />
  );
}

function Availability({ provider }: { provider: ProviderCardView }) {
  // The week opens at the searched date (spec 2.2's date filter), not today.
  const date = useSearchParams()[0].get('date');
  const next = provider.next_availability;
  // Several facilities: a row for each, under its own name and address (issue 19).
  if (provider.facilities.length > 1) {
    return (
      <FacilityRows
        provider={provider}
        week={(calendarId) => (
          <WeekWithWaitlist
            calendarId={calendarId}
            listMode
            existingPatientsOnly={provider.allow_existing_patients_only}
            patientVisitedBefore={provider.patient_visited_before}
            startDate={date ?? undefined}
          />
        )}
      />
    );
  }
  // Nothing open: a calendar with a waiting list still offers to join it.
  if (!next) {
    return (
      <UnavailableProvider
        provider={provider}
        availability={(calendarId) => (
          <WeekWithWaitlist
            calendarId={calendarId}
            listMode
            existingPatientsOnly={provider.allow_existing_patients_only}
          />
        )}
      />
    );
  }
  return (
    <WeekWithWaitlist
      calendarId={next.calendar_id}
      listMode
      existingPatientsOnly={provider.allow_existing_patients_only}
      patientVisitedBefore={provider.patient_visited_before}
      startDate={date ?? undefined}
    />
  );
}

/** Search results, each provider with the live availability widget. */
/** A resource's live week (the same widget and live slot updates as a provider's). */
function ResourceAvailability({ resource }: { resource: ResourceCardView }) {
  const date = useSearchParams()[0].get('date');
  const next = resource.next_availability;
  if (!next) {
    return (
      <UnavailableResource>No appointments available online for this resource.</UnavailableResource>
    );
  }
  return <WeekWithWaitlist calendarId={next.calendar_id} listMode startDate={date ?? undefined} />;
}

function UnavailableResource({ children }: { children: string }) {
  return (
    <Box sx={{ p: 2, textAlign: 'center', bgcolor: 'action.hover', borderRadius: 2 }}>
      <Typography variant="body2">{children}</Typography>
    </Box>
  );
}

/** Search results, each provider (or resource: entity_type=resource) with its live week. */
export function ProviderSearchRoute() {
  const resources = useSearchParams()[0].get('entity_type') === 'resource';
  if (resources) {
    return (
      <ResourceResultsPage
        availability={(resource) => <ResourceAvailability resource={resource} />}
      />
    );
  }
  return <SearchResultsPage availability={(provider) => <Availability provider={provider} />} />;
}
