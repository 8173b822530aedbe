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
import { useTranslation } from '../../../shared/i18n';
import { DATE_FORMATS, formatDate, luxonLocale } from '../../../shared/i18n/dates';

const ALL = '';

/** A week's first and last day: 'Nov 23 – 29, 2026' in English, Intl's own range otherwise. */
function weekTitle(monday: DateTime): string {
  const sunday = monday.plus({ days: 6 });
  const locale = luxonLocale();
  if (locale !== 'en-US') {
    return new Intl.DateTimeFormat(locale, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).formatRange(monday.toJSDate(), sunday.toJSDate());
  }
  return `${monday.toFormat('LLL d')} – ${sunday.toFormat(monday.month === sunday.month ? 'd, yyyy' : 'LLL d, yyyy')}`;
}

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
  const { t } = useTranslation();
  const day = DateTime.fromISO(date);
  const step = view === 'week' ? { weeks: 1 } : { days: 1 };
  const monday = day.startOf('week');
  const thisYear = day.year === DateTime.local().year;
  // Other languages leave out this year's number: their day names are longer than English's.
  const title =
    view === 'week'
      ? weekTitle(monday)
      : formatDate(
          day,
          'cccc, LLLL d, yyyy',
          thisYear ? DATE_FORMATS.weekdayMonthDay : DATE_FORMATS.weekdayMonthDayYear,
        );
  const shortTitle =
    view === 'week'
      ? title
      : formatDate(day, thisYear ? 'ccc, LLL d' : 'ccc, LLL d, yyyy', {
          ...DATE_FORMATS.shortWeekdayMonthDay,
          ...(thisYear ? {} : ({ year: 'numeric' } as const)),
        });
  const week = view === 'week';
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      sx={{ gap: 1.5, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
    >
      <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', minWidth: 0 }}>
        <IconButton
          aria-label={week ? t('schedule.toolbar.previousWeek') : t('schedule.toolbar.previousDay')}
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
          {t('schedule.toolbar.today')}
        </Button>
        <IconButton
          aria-label={week ? t('schedule.toolbar.nextWeek') : t('schedule.toolbar.nextDay')}
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
          label={t('schedule.toolbar.date')}
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
            label={week ? t('schedule.toolbar.calendar') : t('schedule.toolbar.show')}
            value={props.calendarId ?? ALL}
            onChange={(e) => props.onCalendar(e.target.value === ALL ? null : e.target.value)}
            sx={{ minWidth: 200, maxWidth: { xs: '100%', sm: 280 }, flex: { xs: 1, sm: 'none' } }}
            slotProps={{
              htmlInput: { 'data-testid': 'schedule-calendar' },
              inputLabel: { shrink: true },
              select: { displayEmpty: true },
            }}
          >
            {props.allowAll && <MenuItem value={ALL}>{t('schedule.toolbar.all')}</MenuItem>}
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
          aria-label={t('schedule.toolbar.dayOrWeek')}
        >
          <ToggleButton value="day" data-testid="schedule-view-day">
            {t('schedule.toolbar.day')}
          </ToggleButton>
          <ToggleButton value="week" data-testid="schedule-view-week">
            {t('schedule.toolbar.week')}
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
    </Stack>
  );
}
