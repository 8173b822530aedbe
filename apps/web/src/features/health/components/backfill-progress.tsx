import type { BackfillView } from '@medbook/contracts';
import { LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from '../../../shared/i18n';
import { localeNumber } from '../health-format';

/** A projection added to the running service replaying the log: how far, and how fast. */
export function BackfillProgress({ name, backfill }: { name: string; backfill: BackfillView }) {
  const { t } = useTranslation();
  const percent = backfill.total === 0 ? 0 : Math.round((backfill.applied / backfill.total) * 100);
  return (
    <Stack spacing={0.5} sx={{ minWidth: 160 }} data-testid={`backfill-${name}`}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('health.backfillLabel', { name })}
      />
      <Typography variant="caption">
        {t('health.backfill', {
          applied: localeNumber(backfill.applied),
          total: localeNumber(backfill.total),
          rate: localeNumber(backfill.events_per_second),
        })}
      </Typography>
    </Stack>
  );
}
