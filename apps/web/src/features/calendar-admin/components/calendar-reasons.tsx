import { type CalendarView, VALIDATION_MESSAGES } from '@medbook/contracts';
import {
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { translateText, useTranslation } from '../../../shared/i18n';
import { calendarAdminApi } from '../api/calendar-admin-api';
import { weekTimeFrameOf } from '../calendar-form-rules';
import type { Run } from '../calendar-command';

export function CalendarReasons({
  calendar,
  busy,
  run,
}: {
  calendar: CalendarView;
  busy: boolean;
  run: Run;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [frame, setFrame] = useState('');
  const [immediate, setImmediate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rules = (reason: string) => calendar.associated_reasons.find((r) => r.title === reason);
  const save = (existing: boolean) => {
    const parsed = weekTimeFrameOf(frame);
    if (!title.trim()) return setError(VALIDATION_MESSAGES.required);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    const reason = {
      title: title.trim(),
      week_time_frame: parsed.frame,
      allow_immediate_checkin: immediate,
    };
    void run(
      () =>
        existing
          ? calendarAdminApi.changeReason(calendar.calendar_id, reason)
          : calendarAdminApi.addReason(calendar.calendar_id, reason),
      existing ? t('calendarAdmin.reasons.updated') : t('calendarAdmin.reasons.added'),
    );
  };
  const editing = calendar.reasons.includes(title.trim());
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="reasons-heading">
      <Typography variant="h6" component="h2" id="reasons-heading" gutterBottom>
        {t('calendarAdmin.reasons.title')}
      </Typography>
      <List dense aria-label={t('calendarAdmin.reasons.title')}>
        {calendar.reasons.length === 0 && (
          <ListItem disableGutters>
            <ListItemText primary={t('calendarAdmin.reasons.everyReason')} />
          </ListItem>
        )}
        {calendar.reasons.map((reason) => {
          const r = rules(reason);
          const window = r?.week_time_frame?.length
            ? t('calendarAdmin.reasons.weeks', { frame: r.week_time_frame.join('–') })
            : t('calendarAdmin.reasons.anyWeek');
          const immediateCheckIn = r?.allow_immediate_checkin
            ? ` · ${t('calendarAdmin.reasons.immediateCheckIn')}`
            : '';
          return (
            <Stack component="li" key={reason} direction="row" sx={{ alignItems: 'center' }}>
              <ListItemButton
                onClick={() => {
                  setTitle(reason);
                  setFrame(r?.week_time_frame?.join('-') ?? '');
                  setImmediate(!!r?.allow_immediate_checkin);
                }}
              >
                <ListItemText primary={reason} secondary={`${window}${immediateCheckIn}`} />
              </ListItemButton>
              <IconButton
                aria-label={t('calendarAdmin.reasons.remove', { title: reason })}
                disabled={busy}
                onClick={() =>
                  void run(
                    () => calendarAdminApi.removeReason(calendar.calendar_id, reason),
                    t('calendarAdmin.reasons.removed'),
                  )
                }
              >
                ×
              </IconButton>
            </Stack>
          );
        })}
      </List>
      {/* The row wraps rather than squeezing a field's label (Spanish labels are longer). */}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          sx={{ minWidth: 200 }}
          label={t('calendarAdmin.reasons.reasonTitle')}
          size="small"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={!!error}
          helperText={error === null ? ' ' : translateText(error)}
        />
        <TextField
          label={t('calendarAdmin.reasons.frame')}
          sx={{ minWidth: 220 }}
          size="small"
          value={frame}
          onChange={(e) => setFrame(e.target.value)}
          helperText=" "
        />
        <FormControlLabel
          sx={{ flexShrink: 0 }}
          label={t('calendarAdmin.reasons.allowImmediate')}
          control={
            <Checkbox checked={immediate} onChange={(e) => setImmediate(e.target.checked)} />
          }
        />
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => save(editing)}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {editing ? t('calendarAdmin.reasons.update') : t('calendarAdmin.reasons.add')}
        </Button>
      </Stack>
    </Paper>
  );
}
