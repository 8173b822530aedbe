import type { AnalyticsNumbers } from '@medbook/contracts';
import { Box, Paper, Typography } from '@mui/material';
import { translateText, useTranslation } from '../../../shared/i18n';
import { duration, percent } from './analytics-format';

/** The range's headline numbers, each with what it is made of. */
export function AnalyticsSummary({ totals }: { totals: AnalyticsNumbers }) {
  const { t } = useTranslation();
  const tiles = [
    {
      label: 'Utilisation',
      value: percent(totals.utilisation),
      detail: t('analytics.details.booked', {
        booked: totals.booked,
        offered: totals.slots_offered,
      }),
    },
    {
      label: 'No-show rate',
      value: percent(totals.no_show_rate),
      detail: t('analytics.details.noShows', { count: totals.no_shows }),
    },
    {
      label: 'Median lead time',
      value: duration(totals.median_lead_hours),
      detail: t('analytics.details.lead'),
    },
    {
      label: 'Cancellations',
      value: String(totals.cancellations),
      detail: t('analytics.details.cancellations', {
        within: totals.canceled_within_24h,
        median: duration(totals.median_cancel_notice_hours),
      }),
    },
    {
      label: 'Median time to refill',
      value: duration(totals.median_refill_hours),
      detail: t('analytics.details.refilled', {
        refilled: totals.places_refilled,
        freed: totals.places_freed,
      }),
    },
    {
      label: 'Waitlist offers',
      value: String(totals.offers_made),
      detail: t('analytics.details.offers', {
        accepted: totals.offers_accepted,
        declined: totals.offers_declined,
        expired: totals.offers_expired,
      }),
    },
  ];
  return (
    <Box
      component="ul"
      aria-label={t('analytics.wholeRange')}
      sx={{
        m: 0,
        p: 0,
        listStyle: 'none',
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
      }}
    >
      {tiles.map((tile) => (
        <Paper component="li" variant="outlined" key={tile.label} sx={{ p: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {translateText(tile.label)}
          </Typography>
          <Typography variant="h5" component="p" data-testid={`summary-${tile.label}`}>
            {tile.value}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {tile.detail}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
