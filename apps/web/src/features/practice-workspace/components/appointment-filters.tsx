import { APPOINTMENT_STATUSES } from '@medbook/contracts';
import { Box, Button, MenuItem, type SxProps, TextField, type Theme } from '@mui/material';
import { translateText, useTranslation } from '../../../shared/i18n';
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
  const { t } = useTranslation();
  const set = <K extends keyof ListFilters>(key: K, value: ListFilters[K]) =>
    onChange({ ...filters, [key]: value });
  return (
    <Box
      component="form"
      aria-label={t('workspace.filters.label')}
      onSubmit={(e) => e.preventDefault()}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr) auto' },
        alignItems: 'start',
      }}
    >
      <TextField
        label={t('workspace.filters.from')}
        type="date"
        size="small"
        value={filters.startDate}
        onChange={(e) => set('startDate', e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-from' } }}
      />
      <TextField
        label={t('workspace.filters.to')}
        type="date"
        size="small"
        value={filters.endDate}
        error={!!props.error}
        helperText={props.error ? translateText(props.error) : undefined}
        onChange={(e) => set('endDate', e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-to' } }}
      />
      <FilterSelect
        label={t('workspace.filters.status')}
        everything={t('workspace.filters.allStatuses')}
        options={APPOINTMENT_STATUSES}
        value={filters.status}
        onChange={(v) => set('status', v as ListFilters['status'])}
        testId="filter-status"
      />
      <FilterSelect
        label={t('workspace.filters.visitType')}
        everything={t('workspace.filters.allVisitTypes')}
        options={VISIT_TYPES}
        value={filters.visitType}
        onChange={(v) => set('visitType', v as ListFilters['visitType'])}
      />
      <FilterSelect
        label={t('workspace.filters.scheduleType')}
        everything={t('workspace.filters.allScheduleTypes')}
        options={SCHEDULE_TYPES}
        value={filters.scheduleType}
        onChange={(v) => set('scheduleType', v as ListFilters['scheduleType'])}
        sx={{ gridColumn: { xs: '1 / 2', md: 'auto' } }}
      />
      <Button onClick={props.onReset} sx={{ height: 40 }}>
        {t('workspace.filters.reset')}
      </Button>
    </Box>
  );
}

/** One of the list's choice filters; the empty value ("All ...") filters nothing. */
function FilterSelect(props: {
  label: string;
  everything: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  testId?: string;
  sx?: SxProps<Theme>;
}) {
  const { testId } = props;
  return (
    <TextField
      select
      label={props.label}
      size="small"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          displayEmpty: true,
          ...(testId ? { inputProps: { 'data-testid': testId } } : {}),
        },
      }}
      sx={props.sx}
    >
      <MenuItem value="">{props.everything}</MenuItem>
      {props.options.map((s) => (
        <MenuItem key={s} value={s}>
          {translateText(s)}
        </MenuItem>
      ))}
    </TextField>
  );
}
