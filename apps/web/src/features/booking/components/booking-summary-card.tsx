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
import { useTranslation } from '../../../shared/i18n';

interface Props {
  readonly calendar: CalendarView;
  readonly start: string;
  readonly hold: HoldView | null;
}

/** The spec's appointment summary card: who, when (in the facility's zone), and the hold's clock. */
export function BookingSummaryCard({ calendar, start, hold }: Props) {
  const { t } = useTranslation();
  const minutes$ = useMemo(() => (hold ? holdMinutesLeft$(hold.expires_at) : null), [hold]);
  return (
    <Card variant="outlined" component="section" aria-labelledby="booking-summary-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="booking-summary-title" variant="overline" color="primary">
            {t('booking.bookAppointment')}
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
                  ? t('booking.videoVisit')
                  : t('booking.visit', {
                      type:
                        calendar.visit_type === 'Office'
                          ? t('dashboard.visitTypes.Office')
                          : calendar.visit_type,
                    })}
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
            {t('booking.facilityZone', { zone: calendar.time_zone })}
          </Typography>
          {calendar.visit_type === 'Telehealth' && (
            <Alert icon={<VideocamOutlinedIcon />} severity="info">
              {t('booking.videoNotice')}
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
  const { t } = useTranslation();
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
        {value > 0 ? t('booking.heldFor', { count: value }) : t('booking.holdEnded')}
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
