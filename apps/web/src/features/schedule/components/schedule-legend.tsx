import { alpha, Box, Stack, Typography, useTheme } from '@mui/material';

/** What the grid's colours mean, in one line under its controls. */
export function ScheduleLegend() {
  const { palette } = useTheme();
  const swatches = [
    {
      label: 'Free',
      border: `1px dashed ${palette.success.main}`,
      bg: alpha(palette.success.main, 0.08),
    },
    {
      label: 'Booked',
      border: `3px solid ${palette.primary.main}`,
      bg: alpha(palette.primary.main, 0.1),
    },
    {
      label: 'Pending',
      border: `3px solid ${palette.warning.main}`,
      bg: alpha(palette.warning.main, 0.1),
    },
    {
      label: 'Arrived / in visit',
      border: `3px solid ${palette.success.main}`,
      bg: alpha(palette.success.main, 0.1),
    },
    {
      label: 'No-show / rejected',
      border: `3px solid ${palette.error.main}`,
      bg: alpha(palette.error.main, 0.1),
    },
    { label: 'Done', border: `3px solid ${palette.grey[500]}`, bg: palette.grey[100] },
    {
      label: 'On hold',
      border: `1px solid ${palette.grey[300]}`,
      bg: `repeating-linear-gradient(135deg, ${palette.grey[200]} 0 4px, ${palette.grey[100]} 4px 8px)`,
    },
  ];
  return (
    <Stack
      direction="row"
      component="ul"
      aria-label="Legend"
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
        <Stack
          key={s.label}
          component="li"
          direction="row"
          sx={{ gap: 0.75, alignItems: 'center' }}
        >
          <Box
            aria-hidden
            sx={{
              width: 16,
              height: 12,
              borderRadius: '3px',
              borderLeft: s.border,
              border: s.label === 'Free' || s.label === 'On hold' ? s.border : undefined,
              background: s.bg,
            }}
          />
          <Typography variant="caption" color="text.secondary">
            {s.label}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
