import { useObservableState } from 'observable-hooks';
import type { CalendarView, HoldView } from '@medbook/contracts';
import EventIcon from '@mui/icons-material/Event';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import { Alert, Avatar, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useMemo } from 'react';
import { summaryStart, viewerZone } from '../slot-time';
import { holdMinutesLeft$ } from '../streams/hold-countdown.stream';

interface Props {
  readonly calendar: CalendarView;
  readonly start: string;
  readonly hold: HoldView | null;
}

/** The spec's appointment summary card: who, when (in the facility's zone), and the hold's clock. */
export function BookingSummaryCard({ calendar, start, hold }: Props) {
  const minutes$ = useMemo(() => (hold ? holdMinutesLeft$(hold.expires_at) : null), [hold]);
  return (
    <Card variant="outlined" component="section" aria-labelledby="booking-summary-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="booking-summary-title" variant="overline" color="primary">
            Book Appointment
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar sx={{ bgcolor: 'primary.main', width: 56, height: 56 }} aria-hidden>
              {initials(calendar.name)}
            </Avatar>
            <div>
              <Typography variant="h6" component="p" data-testid="summary-provider">
                {calendar.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {calendar.visit_type === 'Telehealth'
                  ? 'Video visit'
                  : `${calendar.visit_type} visit`}
              </Typography>
            </div>
          </Stack>
          <Divider />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <EventIcon color="action" fontSize="small" aria-hidden />
            <Typography data-testid="summary-start" sx={{ fontWeight: 600 }}>
              {summaryStart(start, calendar.time_zone, DateTime.now(), viewerZone())}
            </Typography>
          </Stack>
          <Typography variant="caption" color="text.secondary">
            Times are shown in the facility&apos;s time zone ({calendar.time_zone}).
          </Typography>
          {calendar.visit_type === 'Telehealth' && (
            <Alert icon={<VideocamOutlinedIcon />} severity="info">
              You are booking a video visit. The provider will contact you with instructions for
              joining the visit.
            </Alert>
          )}
          {minutes$ && <HoldCountdown minutes$={minutes$} />}
        </Stack>
      </CardContent>
    </Card>
  );
}

function HoldCountdown({ minutes$ }: { minutes$: ReturnType<typeof holdMinutesLeft$> }) {
  const value = useObservableState(minutes$);
  if (value === undefined) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      role="timer"
      aria-live="polite"
      sx={{ alignItems: 'center' }}
    >
      <TimerOutlinedIcon color={value <= 2 ? 'warning' : 'action'} fontSize="small" aria-hidden />
      <Typography variant="body2" data-testid="hold-countdown">
        {value > 0
          ? `This time is held for you for ${value} more minute${value === 1 ? '' : 's'}.`
          : 'Your hold on this time slot has ended.'}
      </Typography>
    </Stack>
  );
}

function initials(name: string): string {
  return name
    .replace(/^Dr\.?\s+/i, '')
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}
