import type { KioskAppointmentView } from '@medbook/contracts';
import { Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';

/** Today's visits that matched: a greeting's worth of each, and "Check in". */
export function KioskMatches(props: {
  appointments: readonly KioskAppointmentView[];
  busy: boolean;
  onCheckIn: (appointment: KioskAppointmentView) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      spacing={2}
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={t('kiosk.todayAppointments')}
    >
      {props.appointments.map((a) => {
        const start = DateTime.fromISO(a.start_date, { zone: a.time_zone });
        const who = `${a.first_name} ${a.last_initial}.`;
        const time = formatDate(start, 'h:mm a', { hour: 'numeric', minute: '2-digit' });
        return (
          <Card component="li" variant="outlined" key={a.appointment_id} data-testid="kiosk-match">
            <CardContent>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
              >
                <Stack sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
                    {who}
                  </Typography>
                  <Typography sx={{ fontSize: '1.1rem' }}>
                    {a.provider_name
                      ? t('kiosk.withProvider', { time, provider: a.provider_name })
                      : time}
                  </Typography>
                </Stack>
                {a.checked_in ? (
                  <Chip
                    color="success"
                    label={t('kiosk.alreadyCheckedIn')}
                    sx={{ fontSize: '1rem', py: 2.5 }}
                  />
                ) : (
                  <Button
                    variant="contained"
                    size="large"
                    disabled={props.busy}
                    onClick={() => props.onCheckIn(a)}
                    sx={{ minHeight: 64, minWidth: 180, fontSize: '1.25rem' }}
                    aria-label={t('kiosk.checkInLabel', { who, time })}
                  >
                    {t('kiosk.checkIn')}
                  </Button>
                )}
              </Stack>
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}
