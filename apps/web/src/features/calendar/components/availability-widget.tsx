import type { TimeSlotView } from '@medbook/contracts';
import { Alert, Box, Link, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useObservableState } from 'observable-hooks';
import { defer, type Observable, of } from 'rxjs';
import { settled } from '../../../live/settled';
import { errorMessageOf, UNEXPECTED_ERROR } from '../../../shared/error-message';
import { currentUser$, rememberRedirect } from '../../../shared/session';
import { getCalendar } from '../api/calendar-api';
import { scrollerRange, zoneLabel, zonesDiffer } from '../slot-time';
import { calendarWeek$ } from '../streams/calendar-week.stream';
import { TimeZoneDialog } from './time-zone-dialog';
import { WeekAvailabilityView } from './week-availability-view';
import { useTranslation } from '../../../shared/i18n';

export interface AvailabilityWidgetProps {
  readonly calendarId: string;
  readonly listMode?: boolean;
  /** The provider books established patients only (allow_existing_patients_only). */
  readonly existingPatientsOnly?: boolean;
  readonly patientVisitedBefore?: boolean;
  /** The searched date (YYYY-MM-DD): the week starts there instead of today. */
  readonly startDate?: string;
  /** Where a chosen slot goes; by default the booking flow. */
  readonly onSelectSlot?: (slot: TimeSlotView) => void;
  /** Joining the calendar's waiting list, offered when it takes one (the route knows how). */
  readonly onJoinWaitlist?: (calendarId: string) => void;
  /** Spec 2.9: whether the signed-in patient is already on the calendar's list. */
  readonly waitlistEnrolled$?: (calendarId: string) => Observable<boolean>;
}

const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Spec 2.9: a calendar's live week of slots for patients. */
export function AvailabilityWidget(props: AvailabilityWidgetProps) {
  const user = useObservableState(currentUser$);
  const { t } = useTranslation();
  if (props.existingPatientsOnly && !user) {
    return (
      <Notice title={t('calendar.returningOnly')}>
        <Link
          component={RouterLink}
          to="/login"
          onClick={() => rememberRedirect(window.location.pathname + window.location.search)}
        >
          {t('calendar.logInToSchedule')}
        </Link>
      </Notice>
    );
  }
  if (props.existingPatientsOnly && !props.patientVisitedBefore) {
    return (
      <Notice title={t('calendar.establishedOnly')}>
        <Typography variant="body2">{t('calendar.contactPractice')}</Typography>
      </Notice>
    );
  }
  return <LiveAvailability {...props} signedIn={!!user} patient={user?.type === 'Patient'} />;
}

function LiveAvailability(
  props: AvailabilityWidgetProps & { readonly signedIn: boolean; readonly patient: boolean },
) {
  const { calendarId } = props;
  const navigate = useNavigate();
  const { t } = useTranslation();
  const calendar = useObservableState(
    useMemo(() => settled(defer(() => getCalendar(calendarId))), [calendarId]),
  );
  const [start, setStart] = useState<string | undefined>(() => searchedStart(props.startDate));
  const week = useObservableState(
    useMemo(() => settled(calendarWeek$(calendarId, start)), [calendarId, start]),
  );
  const [confirming, setConfirming] = useState<TimeSlotView | null>(null);
  const { waitlistEnrolled$, onJoinWaitlist } = props;
  const takesWaitlist = !!calendar?.value?.wait_list_enabled;
  const enrolled = useObservableState(
    useMemo(
      () =>
        props.patient && takesWaitlist && waitlistEnrolled$
          ? waitlistEnrolled$(calendarId)
          : of(false),
      [calendarId, props.patient, takesWaitlist, waitlistEnrolled$],
    ),
    false,
  );
  const failure = week?.error ?? calendar?.error;
  if (failure !== undefined) {
    return <Alert severity="error">{errorMessageOf(failure, UNEXPECTED_ERROR)}</Alert>;
  }

  const state = week?.value ?? { status: 'loading' as const };
  const zone =
    state.status === 'ready' ? state.week.time_zone : (calendar?.value?.time_zone ?? 'UTC');
  const range = scrollerRange(zone);
  const shownStart = state.status === 'ready' ? state.week.start_date : range.today;
  const select = (slot: TimeSlotView) => {
    const chosen =
      props.onSelectSlot ?? ((s: TimeSlotView) => void navigate(bookingPath(calendarId, s)));
    chosen(slot);
  };
  const pick = (slot: TimeSlotView) => {
    if (zonesDiffer(slot.start_date, zone, localZone())) setConfirming(slot);
    else select(slot);
  };
  const nowIso = DateTime.now().toISO();
  return (
    <>
      {zonesDiffer(nowIso, zone, localZone()) && (
        // The viewer's clock reads otherwise: say whose times these are (issue 19).
        <Typography variant="caption" color="text.secondary" data-testid="widget-zone">
          {t('calendar.timesAreIn', { zone: zoneLabel(zone) })}
        </Typography>
      )}
      <WeekAvailabilityView
        state={state}
        zone={zone}
        listMode={props.listMode}
        canGoBack={shownStart > range.today}
        canGoForward={DateTime.fromISO(shownStart).plus({ days: 5 }).toISODate()! <= range.last}
        onScroll={(direction) =>
          setStart(
            DateTime.fromISO(shownStart)
              .plus({ days: 5 * direction })
              .toISODate()!,
          )
        }
        onJumpTo={setStart}
        onSelect={pick}
        onJoinWaitlist={
          takesWaitlist && onJoinWaitlist ? () => onJoinWaitlist(calendarId) : undefined
        }
        waitlistEnrolled={enrolled}
      />
      <TimeZoneDialog
        start={confirming?.start_date ?? null}
        facilityZone={zone}
        localZone={localZone()}
        onAnswer={(yes) => {
          const slot = confirming;
          setConfirming(null);
          if (yes && slot) select(slot);
        }}
      />
    </>
  );
}

/** A searched day before today (or no day at all) starts at today, as the server would. */
export function searchedStart(
  date: string | undefined,
  now: DateTime = DateTime.now(),
): string | undefined {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !DateTime.fromISO(date).isValid) {
    return undefined;
  }
  return date >= now.toISODate()! ? date : undefined;
}

export const bookingPath = (calendarId: string, slot: TimeSlotView): string =>
  `/booking?calendar=${calendarId}&start=${encodeURIComponent(slot.start_date)}`;

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box sx={{ p: 2, textAlign: 'center', bgcolor: 'action.hover', borderRadius: 2 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
