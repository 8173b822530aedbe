import { alpha, Box, Stack, Typography, useTheme } from '@mui/material';
import { useTranslation } from '../../../shared/i18n';

/** What the grid's colours mean, in one line under its controls. */
export function ScheduleLegend() {
  const { palette } = useTheme();
  const { t } = useTranslation();
  const swatches = [
    {
      key: 'free',
      outlined: true,
      border: `1px dashed ${palette.success.main}`,
      bg: alpha(palette.success.main, 0.08),
    },
    {
      key: 'booked',
      border: `3px solid ${palette.primary.main}`,
      bg: alpha(palette.primary.main, 0.1),
    },
    {
      key: 'pending',
      border: `3px solid ${palette.warning.main}`,
      bg: alpha(palette.warning.main, 0.1),
    },
    {
      key: 'arrived',
      border: `3px solid ${palette.success.main}`,
      bg: alpha(palette.success.main, 0.1),
    },
    {
      key: 'noShow',
      border: `3px solid ${palette.error.main}`,
      bg: alpha(palette.error.main, 0.1),
    },
    { key: 'done', border: `3px solid ${palette.grey[500]}`, bg: palette.grey[100] },
    {
      key: 'onHold',
      outlined: true,
      border: `1px solid ${palette.grey[300]}`,
      bg: `repeating-linear-gradient(135deg, ${palette.grey[200]} 0 4px, ${palette.grey[100]} 4px 8px)`,
    },
  ] as const;
  return (
    <Stack
      direction="row"
      component="ul"
      aria-label={t('schedule.legend.label')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        gap: 2,
        flexWrap: 'wrap',
        display: { xs: 'none', sm: 'flex' },
      }}
    >
      {swatches.map((s) => (
        <Stack key={s.key} component="li" direction="row" sx={{ gap: 0.75, alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              width: 16,
              height: 12,
              borderRadius: '3px',
              borderLeft: s.border,
              border: 'outlined' in s ? s.border : undefined,
              background: s.bg,
            }}
          />
          <Typography variant="caption" color="text.secondary">
            {t(`schedule.legend.${s.key}`)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
