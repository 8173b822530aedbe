import { APPOINTMENT_STATUSES } from '@medbook/contracts';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import type { ListFilters } from '../workspace-rules';

const VISIT_TYPES = ['Office', 'Telehealth', 'Resource'] as const;
const SCHEDULE_TYPES = ['Scheduled', 'Walk-In'] as const;

/** Date range, status, visit type and schedule type (the spec's list filters). */
export function AppointmentFilters(props: {
  filters: ListFilters;
  error: string | null;
  onChange: (filters: ListFilters) => void;
  onReset: () => void;
}) {
  const { filters, onChange } = props;
  const set = <K extends keyof ListFilters>(key: K, value: ListFilters[K]) =>
    onChange({ ...filters, [key]: value });
  return (
    <Box
      component="form"
      aria-label="Filter appointments"
      onSubmit={(e) => e.preventDefault()}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr) auto' },
        alignItems: 'start',
      }}
    >
      <TextField
        label="From"
        type="date"
        size="small"
        value={filters.startDate}
        onChange={(e) => set('startDate', e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-from' } }}
      />
      <TextField
        label="To"
        type="date"
        size="small"
        value={filters.endDate}
        error={!!props.error}
        helperText={props.error ?? undefined}
        onChange={(e) => set('endDate', e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-to' } }}
      />
      <TextField
        select
        label="Status"
        size="small"
        value={filters.status}
        onChange={(e) => set('status', e.target.value as ListFilters['status'])}
        slotProps={{
          inputLabel: { shrink: true },
          select: { displayEmpty: true, inputProps: { 'data-testid': 'filter-status' } },
        }}
      >
        <MenuItem value="">All statuses</MenuItem>
        {APPOINTMENT_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Visit type"
        size="small"
        value={filters.visitType}
        onChange={(e) => set('visitType', e.target.value as ListFilters['visitType'])}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">All visit types</MenuItem>
        {VISIT_TYPES.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Schedule type"
        size="small"
        value={filters.scheduleType}
        onChange={(e) => set('scheduleType', e.target.value as ListFilters['scheduleType'])}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        sx={{ gridColumn: { xs: '1 / 2', md: 'auto' } }}
      >
        <MenuItem value="">All schedule types</MenuItem>
        {SCHEDULE_TYPES.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
      <Button onClick={props.onReset} sx={{ height: 40 }}>
        Reset
      </Button>
    </Box>
  );
}
