import type { BackfillView } from '@medbook/contracts';
import { LinearProgress, Stack, Typography } from '@mui/material';

/** A projection added to the running service replaying the log: how far, and how fast. */
export function BackfillProgress({ name, backfill }: { name: string; backfill: BackfillView }) {
  const percent = backfill.total === 0 ? 0 : Math.round((backfill.applied / backfill.total) * 100);
  return (
    <Stack spacing={0.5} sx={{ minWidth: 160 }} data-testid={`backfill-${name}`}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`${name} back-fill progress`}
      />
      <Typography variant="caption">
        {backfill.applied.toLocaleString()} / {backfill.total.toLocaleString()} events,{' '}
        {backfill.events_per_second.toLocaleString()} events/s
      </Typography>
    </Stack>
  );
}
