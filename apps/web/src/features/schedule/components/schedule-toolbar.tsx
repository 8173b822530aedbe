import type { ScheduleCalendar, ScheduleViewKind } from '@medbook/contracts';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import {
  Box,
  Button,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';

const ALL = '';

/** Which day or week, which calendar, and day or week: the grid's controls. */
export function ScheduleToolbar(props: {
  date: string;
  view: ScheduleViewKind;
  calendarId: string | null;
  calendars: readonly ScheduleCalendar[];
  /** Day view on a desktop may show every calendar at once. */
  allowAll: boolean;
  onDate: (date: string) => void;
  onView: (view: ScheduleViewKind) => void;
  onCalendar: (calendarId: string | null) => void;
}) {
  const { date, view } = props;
  const day = DateTime.fromISO(date);
  const step = view === 'week' ? { weeks: 1 } : { days: 1 };
  const monday = day.startOf('week');
  const title =
    view === 'week'
      ? `${monday.toFormat('LLL d')} – ${monday.plus({ days: 6 }).toFormat(monday.month === monday.plus({ days: 6 }).month ? 'd, yyyy' : 'LLL d, yyyy')}`
      : day.toFormat('cccc, LLLL d, yyyy');
  const shortTitle =
    view === 'week'
      ? title
      : day.toFormat(day.year === DateTime.local().year ? 'ccc, LLL d' : 'ccc, LLL d, yyyy');
  const unit = view === 'week' ? 'week' : 'day';
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      sx={{ gap: 1.5, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
    >
      <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', minWidth: 0 }}>
        <IconButton
          aria-label={`Previous ${unit}`}
          onClick={() => props.onDate(day.minus(step).toISODate()!)}
          data-testid="schedule-previous"
        >
          <ChevronLeft />
        </IconButton>
        <Button
          variant="outlined"
          size="small"
          onClick={() => props.onDate(DateTime.local().toISODate())}
          data-testid="schedule-today"
        >
          Today
        </Button>
        <IconButton
          aria-label={`Next ${unit}`}
          onClick={() => props.onDate(day.plus(step).toISODate()!)}
          data-testid="schedule-next"
        >
          <ChevronRight />
        </IconButton>
        <Typography
          variant="h6"
          component="h2"
          sx={{
            ml: 1,
            fontWeight: 600,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
          data-testid="schedule-title"
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {title}
          </Box>
          <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
            {shortTitle}
          </Box>
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          type="date"
          size="small"
          label="Date"
          value={date}
          onChange={(e) => {
            if (DateTime.fromISO(e.target.value).isValid) props.onDate(e.target.value);
          }}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'schedule-date' },
          }}
          sx={{ width: 160 }}
        />
        {props.calendars.length > 0 && (
          <TextField
            select
            size="small"
            label={view === 'week' ? 'Calendar' : 'Show'}
            value={props.calendarId ?? ALL}
            onChange={(e) => props.onCalendar(e.target.value === ALL ? null : e.target.value)}
            sx={{ minWidth: 200, maxWidth: { xs: '100%', sm: 280 }, flex: { xs: 1, sm: 'none' } }}
            slotProps={{
              htmlInput: { 'data-testid': 'schedule-calendar' },
              inputLabel: { shrink: true },
              select: { displayEmpty: true },
            }}
          >
            {props.allowAll && <MenuItem value={ALL}>All providers and resources</MenuItem>}
            {props.calendars.map((c) => (
              <MenuItem key={c.calendar_id} value={c.calendar_id}>
                {c.owner_name}
                {c.owner_name !== c.name ? ` · ${c.name}` : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_, next: ScheduleViewKind | null) => next && props.onView(next)}
          aria-label="Day or week"
        >
          <ToggleButton value="day" data-testid="schedule-view-day">
            Day
          </ToggleButton>
          <ToggleButton value="week" data-testid="schedule-view-week">
            Week
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
    </Stack>
  );
}
