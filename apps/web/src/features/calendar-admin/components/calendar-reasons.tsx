import type { CalendarView } from '@medbook/contracts';
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
  const [title, setTitle] = useState('');
  const [frame, setFrame] = useState('');
  const [immediate, setImmediate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rules = (t: string) => calendar.associated_reasons.find((r) => r.title === t);
  const save = (existing: boolean) => {
    const parsed = weekTimeFrameOf(frame);
    if (!title.trim()) return setError('Required');
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
      existing ? 'Reason updated.' : 'Reason added.',
    );
  };
  const editing = calendar.reasons.includes(title.trim());
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="reasons-heading">
      <Typography variant="h6" component="h2" id="reasons-heading" gutterBottom>
        Visit reasons
      </Typography>
      <List dense aria-label="Visit reasons">
        {calendar.reasons.length === 0 && (
          <ListItem disableGutters>
            <ListItemText primary="Every reason is offered." />
          </ListItem>
        )}
        {calendar.reasons.map((t) => {
          const r = rules(t);
          const window = r?.week_time_frame?.length
            ? `weeks ${r.week_time_frame.join('–')}`
            : 'any week';
          return (
            <Stack component="li" key={t} direction="row" sx={{ alignItems: 'center' }}>
              <ListItemButton
                onClick={() => {
                  setTitle(t);
                  setFrame(r?.week_time_frame?.join('-') ?? '');
                  setImmediate(!!r?.allow_immediate_checkin);
                }}
              >
                <ListItemText
                  primary={t}
                  secondary={`${window}${r?.allow_immediate_checkin ? ' · immediate check-in' : ''}`}
                />
              </ListItemButton>
              <IconButton
                aria-label={`Remove ${t}`}
                disabled={busy}
                onClick={() =>
                  void run(
                    () => calendarAdminApi.removeReason(calendar.calendar_id, t),
                    'Reason removed.',
                  )
                }
              >
                ×
              </IconButton>
            </Stack>
          );
        })}
      </List>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Reason title"
          size="small"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={!!error}
          helperText={error ?? ' '}
        />
        <TextField
          label="Week time frame (e.g. 2 or 1-3)"
          sx={{ minWidth: 220 }}
          size="small"
          value={frame}
          onChange={(e) => setFrame(e.target.value)}
          helperText=" "
        />
        <FormControlLabel
          label="Allow immediate check-in"
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
          {editing ? 'Update reason' : 'Add reason'}
        </Button>
      </Stack>
    </Paper>
  );
}
