import type { TimeSlotView } from '@medbook/contracts';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, Link, Skeleton, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useState } from 'react';
import type { WeekAvailability } from '../streams/week-availability.stream';
import { nextAvailabilityText } from '../slot-time';
import { DayColumn } from './day-column';
import { useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';

export interface WeekAvailabilityViewProps {
  readonly state: WeekAvailability;
  readonly zone: string;
  /** Provider and resource lists show 3 slots a day, elsewhere 5 (spec 9). */
  readonly listMode?: boolean;
  readonly canGoBack: boolean;
  readonly canGoForward: boolean;
  readonly onScroll: (direction: -1 | 1) => void;
  readonly onJumpTo: (day: string) => void;
  readonly onSelect: (slot: TimeSlotView) => void;
  /** Present when the calendar takes a waiting list. */
  readonly onJoinWaitlist?: () => void;
  /** The signed-in patient is on this calendar's list already. */
  readonly waitlistEnrolled?: boolean;
}

/** Five days of slots with the week scroller, or what to do when there are none. */
export function WeekAvailabilityView(props: WeekAvailabilityViewProps) {
  const { state, zone, listMode = false } = props;
  const [expanded, setExpanded] = useState(false);
  const { t } = useTranslation();
  const shown = expanded ? Number.POSITIVE_INFINITY : listMode ? 3 : 5;
  const week = state.status === 'ready' ? state.week : null;
  const hidden = week ? week.days.some((d) => d.time_slots.length > shown) : false;
  const range = week
    ? `${formatDate(DateTime.fromISO(week.start_date), 'LLL d', { month: 'short', day: 'numeric' })} – ${formatDate(DateTime.fromISO(week.end_date), 'LLL d, yyyy', { month: 'short', day: 'numeric', year: 'numeric' })}`
    : '';
  return (
    <Box data-testid="availability" aria-busy={state.status === 'loading'}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
        <IconButton
          size="small"
          aria-label={t('calendar.previousDays')}
          disabled={!props.canGoBack || !week}
          onClick={() => props.onScroll(-1)}
          sx={{ mt: 0.5 }}
        >
          <ChevronLeft />
        </IconButton>
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            display: 'grid',
            // A day is never narrower than its longest time ("10:30 am"): on a phone the five days
            // scroll sideways instead of cutting the labels.
            gridTemplateColumns: 'repeat(5, minmax(64px, 1fr))',
            overflowX: 'auto',
            scrollSnapType: 'x proximity',
            '& > *': { scrollSnapAlign: 'start' },
            gap: 1,
            pb: 0.5,
          }}
          aria-label={range ? t('calendar.availableTimes', { range }) : t('calendar.loadingTimes')}
          role="region"
        >
          {week
            ? week.days.map((day) => (
                <DayColumn
                  key={day.day}
                  day={day}
                  zone={zone}
                  shown={shown}
                  onSelect={props.onSelect}
                />
              ))
            : Array.from({ length: 5 }, (_, i) => (
                <Box key={i} sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
                  <Skeleton variant="text" />
                  <Skeleton variant="rounded" height={30} />
                  <Skeleton variant="rounded" height={30} />
                  <Skeleton variant="rounded" height={30} />
                </Box>
              ))}
        </Box>
        <IconButton
          size="small"
          aria-label={t('calendar.nextDays')}
          disabled={!props.canGoForward || !week}
          onClick={() => props.onScroll(1)}
          sx={{ mt: 0.5 }}
        >
          <ChevronRight />
        </IconButton>
      </Box>
      {state.status === 'ready' && (
        <Box sx={{ textAlign: 'center', mt: 1.5 }}>
          {hidden && !expanded && (
            <Link component="button" type="button" onClick={() => setExpanded(true)}>
              {t('calendar.moreAppointments')}
            </Link>
          )}
          {typeof state.nextAvailableDay === 'string' && (
            <Button
              variant="outlined"
              onClick={() => props.onJumpTo(state.nextAvailableDay as string)}
              data-testid="next-availability"
            >
              {nextAvailabilityText(state.nextAvailableDay)}
            </Button>
          )}
          {state.nextAvailableDay === null && (
            <>
              <Typography color="text.secondary" data-testid="no-availability">
                {t('calendar.noAvailability')}
              </Typography>
              {props.onJoinWaitlist && props.waitlistEnrolled && (
                <Typography sx={{ mt: 1, fontWeight: 600 }} data-testid="waitlist-enrolled">
                  {t('calendar.onWaitlist')}
                </Typography>
              )}
              {props.onJoinWaitlist && !props.waitlistEnrolled && (
                <Button variant="contained" sx={{ mt: 1 }} onClick={props.onJoinWaitlist}>
                  {t('calendar.joinWaitlist')}
                </Button>
              )}
            </>
          )}
        </Box>
      )}
    </Box>
  );
}
