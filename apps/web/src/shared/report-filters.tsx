import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from './i18n';

// The frame the practice's report pages share (the audit trail, the analytics): a heading with
// its explanation and an Export CSV button, then a panel of filters in a grid.

export function ReportHeader({
  title,
  explanation,
  onExport,
}: {
  readonly title: string;
  readonly explanation: string;
  readonly onExport: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
    >
      <div>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary">{explanation}</Typography>
      </div>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={onExport}
        sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
      >
        {t('reports.exportCsv')}
      </Button>
    </Stack>
  );
}

/** The filters, one column on a phone, two on a tablet, `columns` on a desktop. */
export function FilterPanel({
  columns,
  children,
  footer,
}: {
  readonly columns: number;
  readonly children: ReactNode;
  /** Below the grid: the filters' chips and Clear. */
  readonly footer?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: `repeat(${columns}, 1fr)` },
        }}
      >
        {children}
      </Box>
      {footer}
    </Paper>
  );
}

/** A day (YYYY-MM-DD), with the browser's date picker. */
export function DayFilter({
  label,
  value,
  onChange,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (day: string) => void;
}) {
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** One of a list, or none: the empty choice reads `anyLabel` (every kind, anyone...). */
export function ChoiceFilter<T extends string>({
  label,
  value,
  onChange,
  anyLabel,
  options,
}: {
  readonly label: string;
  readonly value: T | '';
  readonly onChange: (value: T | '') => void;
  readonly anyLabel: string;
  readonly options: readonly { readonly value: T; readonly label: string }[];
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as T | '')}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{anyLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
