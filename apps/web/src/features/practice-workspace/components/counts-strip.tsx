import type { DoctorCounts } from '@medbook/contracts';
import EventAvailable from '@mui/icons-material/EventAvailable';
import DirectionsWalk from '@mui/icons-material/DirectionsWalk';
import HourglassTop from '@mui/icons-material/HourglassTop';
import { Box, Paper, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';

function Tile(props: {
  label: string;
  value: number | undefined;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 1.5, sm: 2 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'flex-start', sm: 'center' },
        gap: { xs: 0.5, sm: 2 },
        borderRadius: 2,
      }}
    >
      <Box
        sx={{
          width: { xs: 32, sm: 44 },
          height: { xs: 32, sm: 44 },
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
          flexShrink: 0,
        }}
      >
        {props.icon}
      </Box>
      <div>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={props.testId}>
          {props.value ?? <Skeleton width={32} />}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.3 }}>
          {props.label}
        </Typography>
      </div>
    </Paper>
  );
}

/** Today's counts (the spec's walkinCount, scheduledCount and pendingCount), live. */
export function CountsStrip({ counts }: { counts: DoctorCounts | undefined }) {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-label={t('workspace.counts.today')}
      sx={{ display: 'grid', gap: { xs: 1, sm: 2 }, gridTemplateColumns: 'repeat(3, 1fr)' }}
    >
      <Tile
        label={t('workspace.counts.scheduled')}
        value={counts?.scheduledCount}
        icon={<EventAvailable />}
        testId="count-scheduled"
      />
      <Tile
        label={t('workspace.counts.walkins')}
        value={counts?.walkinCount}
        icon={<DirectionsWalk />}
        testId="count-walkin"
      />
      <Tile
        label={t('workspace.counts.pending')}
        value={counts?.pendingCount}
        icon={<HourglassTop />}
        testId="count-pending"
      />
    </Box>
  );
}
