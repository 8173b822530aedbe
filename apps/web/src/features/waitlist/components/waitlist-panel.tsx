import type { UserView, WaitlistItemView, WaitlistOfferView } from '@medbook/contracts';
import HourglassTop from '@mui/icons-material/HourglassTop';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useObservableCallback, useObservableState } from 'observable-hooks';
import { useEffect, useMemo, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { toast } from '../../../shared/toast';
import { waitlistApi } from '../api/waitlist-api';
import { patientWaitlist$ } from '../streams/patient-waitlist.stream';
import { useTranslation } from '../../../shared/i18n';
import { DATE_FORMATS, formatDate } from '../../../shared/i18n/dates';

/** "4:05" left of an offer's hold, never below 0:00. */
export function countdownText(expiresAt: string, now: number): string {
  const left = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/** The patient dashboard's waiting lists: place in line, and a live offer to accept or decline. */
export function WaitlistPanel(props: { readonly user: UserView; readonly onBooked: () => void }) {
  const { t } = useTranslation();
  const [refresh, refresh$] = useObservableCallback<void>();
  const items = useObservableState(
    useMemo(() => patientWaitlist$(props.user.id, refresh$), [props.user.id, refresh$]),
  );
  if (!items || items.length === 0) return null;
  return (
    <Stack component="section" spacing={2} aria-labelledby="waitlist-title" data-testid="waitlist">
      <Typography id="waitlist-title" variant="h6" component="h2">
        {t('visits.waitingLists')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {items.map((item) => (
          <WaitlistCard
            key={`${item.calendar_id}-${item.patient_id}`}
            item={item}
            onChanged={() => refresh()}
            onBooked={props.onBooked}
          />
        ))}
      </Box>
    </Stack>
  );
}

function WaitlistCard(props: {
  readonly item: WaitlistItemView;
  readonly onChanged: () => void;
  readonly onBooked: () => void;
}) {
  const { t } = useTranslation();
  const { item } = props;
  return (
    <Card variant="outlined" data-testid="waitlist-item">
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            <div>
              <Typography sx={{ fontWeight: 600 }}>
                {item.calendar_name ?? t('visits.calendar')}
              </Typography>
              {item.practice_name && (
                <Typography variant="body2" color="text.secondary">
                  {item.practice_name}
                </Typography>
              )}
            </div>
            <Chip
              size="small"
              icon={<HourglassTop />}
              label={t('visits.inLine', { position: item.position })}
              color="primary"
              variant="outlined"
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('visits.joined', {
              when: formatDate(
                DateTime.fromISO(item.joined_at),
                'MMMM d, h:mm a',
                DATE_FORMATS.monthDayTime,
              ),
            })}
          </Typography>
          {item.offer && item.offer.status === 'Offered' && (
            <OfferAlert
              offer={item.offer}
              zone={item.time_zone ?? undefined}
              onChanged={props.onChanged}
              onBooked={props.onBooked}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function OfferAlert(props: {
  readonly offer: WaitlistOfferView;
  readonly zone: string | undefined;
  readonly onChanged: () => void;
  readonly onBooked: () => void;
}) {
  const { t } = useTranslation();
  const { offer } = props;
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const when = formatDate(
    DateTime.fromISO(offer.start_date, props.zone ? { zone: props.zone } : {}),
    "EEEE, MMMM d 'at' h:mm a",
    DATE_FORMATS.weekdayMonthDayTime,
  );
  const act = async (work: () => Promise<unknown>, done: string, booked: boolean) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      if (booked) props.onBooked();
    } catch (error) {
      toast.error(errorMessageOf(error));
    } finally {
      setBusy(false);
      props.onChanged();
    }
  };
  const expired = Date.parse(offer.expires_at) <= now;
  return (
    <Alert
      severity="success"
      variant="outlined"
      data-testid="waitlist-offer"
      action={null}
      sx={{ alignItems: 'flex-start' }}
    >
      <AlertTitle>{t('visits.slotOpened')}</AlertTitle>
      <Typography variant="body2">{when}</Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }} aria-live="polite">
        {t('visits.heldFor')}{' '}
        <Box component="span" sx={{ fontWeight: 700 }} data-testid="offer-countdown">
          {countdownText(offer.expires_at, now)}
        </Box>
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button
          variant="contained"
          size="small"
          disabled={busy || expired}
          onClick={() =>
            void act(() => waitlistApi.accept(offer.offer_id), t('booking.messages.booked'), true)
          }
        >
          {t('visits.accept')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          disabled={busy || expired}
          onClick={() =>
            void act(() => waitlistApi.decline(offer.offer_id), t('visits.offerDeclined'), false)
          }
        >
          {t('visits.decline')}
        </Button>
      </Stack>
    </Alert>
  );
}
