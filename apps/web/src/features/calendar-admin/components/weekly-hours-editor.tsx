import { MAX_SPANS_PER_DAY } from '@medbook/contracts';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  FormHelperText,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { translateText, useTranslation } from '../../../shared/i18n';
import { type DayForm, WEEKDAYS } from '../calendar-form-rules';

export interface WeeklyHoursEditorProps {
  readonly days: readonly DayForm[];
  /** A weekday's problem by index (0 is Monday), shown under it. */
  readonly problems: Readonly<Record<number, string>>;
  /** The week's own problem (no hours at all). */
  readonly problem?: string;
  readonly onChange: (days: readonly DayForm[]) => void;
}

/** A new span after the day's last one: an hour after it ends, as long as the step allows. */
function nextSpan(spans: DayForm): { start: string; end: string } {
  const last = spans.at(-1);
  if (!last) return { start: '09:00', end: '17:00' };
  const [h] = last.end.split(':').map(Number);
  const start = Math.min(22, (h ?? 17) + 1);
  return {
    start: `${String(start).padStart(2, '0')}:00`,
    end: `${String(start + 1).padStart(2, '0')}:00`,
  };
}

/**
 * Hours per weekday (split shifts): each day's spans with a start and an end, added and removed
 * row by row; a day without spans is closed. A day's hours can be copied to Monday–Friday.
 */
export function WeeklyHoursEditor({ days, problems, problem, onChange }: WeeklyHoursEditorProps) {
  const { t } = useTranslation();
  const setDay = (index: number, spans: DayForm) =>
    onChange(days.map((day, i) => (i === index ? spans : day)));
  const copyToWeekdays = (index: number) =>
    onChange(days.map((day, i) => (i < 5 ? days[index]!.map((s) => ({ ...s })) : day)));

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('calendarAdmin.hours.title')}
      </Typography>
      <Stack spacing={1} role="list" aria-label={t('calendarAdmin.hours.byWeekday')}>
        {days.map((spans, index) => {
          const weekday = WEEKDAYS[index]!;
          const name = t(`calendarAdmin.weekdays.${weekday}`);
          const dayProblem = problems[index];
          return (
            <Box
              key={weekday}
              role="listitem"
              aria-label={name}
              data-weekday={index + 1}
              sx={{
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row' },
                gap: 1,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography
                sx={{ width: { sm: 110 }, flexShrink: 0, pt: { sm: 1 }, fontWeight: 500 }}
              >
                {name}
              </Typography>
              <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
                {spans.length === 0 && (
                  <Typography color="text.secondary" sx={{ pt: { sm: 1 } }}>
                    {t('calendarAdmin.hours.closed')}
                  </Typography>
                )}
                {spans.map((span, s) => (
                  <Stack key={s} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <TextField
                      type="time"
                      size="small"
                      label={t('calendarAdmin.hours.from')}
                      value={span.start}
                      onChange={(e) =>
                        setDay(
                          index,
                          spans.map((x, i) => (i === s ? { ...x, start: e.target.value } : x)),
                        )
                      }
                      slotProps={{
                        inputLabel: { shrink: true },
                        htmlInput: {
                          step: 300,
                          'aria-label': t('calendarAdmin.hours.spanFrom', { day: name, n: s + 1 }),
                        },
                      }}
                      sx={{ flex: { xs: '1 1 0', sm: '0 0 150px' }, minWidth: 0 }}
                    />
                    <TextField
                      type="time"
                      size="small"
                      label={t('calendarAdmin.hours.until')}
                      value={span.end}
                      onChange={(e) =>
                        setDay(
                          index,
                          spans.map((x, i) => (i === s ? { ...x, end: e.target.value } : x)),
                        )
                      }
                      slotProps={{
                        inputLabel: { shrink: true },
                        htmlInput: {
                          step: 300,
                          'aria-label': t('calendarAdmin.hours.spanUntil', { day: name, n: s + 1 }),
                        },
                      }}
                      sx={{ flex: { xs: '1 1 0', sm: '0 0 150px' }, minWidth: 0 }}
                    />
                    <Tooltip title={t('calendarAdmin.hours.remove')}>
                      <IconButton
                        aria-label={t('calendarAdmin.hours.removeSpan', { day: name, n: s + 1 })}
                        onClick={() =>
                          setDay(
                            index,
                            spans.filter((_, i) => i !== s),
                          )
                        }
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                ))}
                {dayProblem && <FormHelperText error>{translateText(dayProblem)}</FormHelperText>}
                <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1 }}>
                  <Button
                    size="small"
                    startIcon={<AddIcon />}
                    disabled={spans.length >= MAX_SPANS_PER_DAY}
                    onClick={() => setDay(index, [...spans, nextSpan(spans)])}
                    aria-label={t('calendarAdmin.hours.addFor', { day: name })}
                  >
                    {t('calendarAdmin.hours.add')}
                  </Button>
                  <Button
                    size="small"
                    startIcon={<ContentCopyIcon />}
                    onClick={() => copyToWeekdays(index)}
                    aria-label={t('calendarAdmin.hours.copyFor', { day: name })}
                  >
                    {t('calendarAdmin.hours.copy')}
                  </Button>
                </Stack>
              </Stack>
            </Box>
          );
        })}
      </Stack>
      {problem && <FormHelperText error>{translateText(problem)}</FormHelperText>}
    </Box>
  );
}
