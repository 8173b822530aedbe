import type { AnalyticsNumbers } from '@medbook/contracts';
import { Box, Paper, Typography } from '@mui/material';
import { duration, percent } from './analytics-format';

/** The range's headline numbers, each with what it is made of. */
export function AnalyticsSummary({ totals }: { totals: AnalyticsNumbers }) {
  const tiles = [
    {
      label: 'Utilisation',
      value: percent(totals.utilisation),
      detail: `${totals.booked} of ${totals.slots_offered} places booked`,
    },
    {
      label: 'No-show rate',
      value: percent(totals.no_show_rate),
      detail: totals.no_shows === 1 ? '1 no-show' : `${totals.no_shows} no-shows`,
    },
    {
      label: 'Median lead time',
      value: duration(totals.median_lead_hours),
      detail: 'from booking to visit',
    },
    {
      label: 'Cancellations',
      value: String(totals.cancellations),
      detail: `${totals.canceled_within_24h} under a day ahead, median ${duration(totals.median_cancel_notice_hours)}`,
    },
    {
      label: 'Median time to refill',
      value: duration(totals.median_refill_hours),
      detail: `${totals.places_refilled} of ${totals.places_freed} freed places booked again`,
    },
    {
      label: 'Waitlist offers',
      value: String(totals.offers_made),
      detail: `${totals.offers_accepted} accepted, ${totals.offers_declined} declined, ${totals.offers_expired} expired`,
    },
  ];
  return (
    <Box
      component="ul"
      aria-label="The whole range"
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
            {tile.label}
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
