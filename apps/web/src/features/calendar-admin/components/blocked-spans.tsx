import type { CalendarView } from '@medbook/contracts';
import {
  Button,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { translateText, useTranslation } from '../../../shared/i18n';
import { calendarAdminApi } from '../api/calendar-admin-api';
import { blockedSpanOf, spanLabel } from '../calendar-form-rules';
import type { Run } from '../calendar-command';

export function BlockedSpans({
  calendar,
  busy,
  run,
}: {
  calendar: CalendarView;
  busy: boolean;
  run: Run;
}) {
  const { t } = useTranslation();
  const zone = calendar.time_zone;
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const block = () => {
    const result = blockedSpanOf(start, end, zone);
    if ('error' in result) return setError(result.error);
    setError(null);
    void run(
      () => calendarAdminApi.block(calendar.calendar_id, result.span),
      t('calendarAdmin.blocked.blocked'),
    ).then(() => {
      setStart('');
      setEnd('');
    });
  };
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="blocked-heading">
      <Typography variant="h6" component="h2" id="blocked-heading" gutterBottom>
        {t('calendarAdmin.blocked.title')}
      </Typography>
      <List dense aria-label={t('calendarAdmin.blocked.listLabel')}>
        {calendar.marked_time_spans.length === 0 && (
          <ListItem disableGutters>
            <ListItemText primary={t('calendarAdmin.blocked.none')} />
          </ListItem>
        )}
        {calendar.marked_time_spans.map((span) => (
          <Stack
            component="li"
            key={`${span.start}-${span.end}`}
            direction="row"
            sx={{ alignItems: 'center' }}
          >
            <ListItemText primary={spanLabel(span, zone)} />
            <Button
              size="small"
              disabled={busy}
              aria-label={t('calendarAdmin.blocked.unblockSpan', { span: spanLabel(span, zone) })}
              onClick={() =>
                void run(
                  () => calendarAdminApi.unblock(calendar.calendar_id, span),
                  t('calendarAdmin.blocked.unblocked'),
                )
              }
            >
              {t('calendarAdmin.blocked.unblock')}
            </Button>
          </Stack>
        ))}
      </List>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={t('calendarAdmin.blocked.from')}
          type="datetime-local"
          size="small"
          value={start}
          onChange={(e) => setStart(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          error={!!error}
          helperText={error === null ? ' ' : translateText(error)}
        />
        <TextField
          label={t('calendarAdmin.blocked.until')}
          type="datetime-local"
          size="small"
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText=" "
        />
        <Button
          variant="outlined"
          disabled={busy}
          onClick={block}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {t('calendarAdmin.blocked.block')}
        </Button>
      </Stack>
    </Paper>
  );
}
