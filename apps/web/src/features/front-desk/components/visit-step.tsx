import type { CalendarView } from '@medbook/contracts';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';

/** The booking's `reason` holds at most this many characters. */
const REASON_MAX = 200;
const OTHER = '';

/** The visit reason as one text: the calendar's reason title, then what the patient said. */
export const reasonText = (title: string, details: string): string =>
  [title.trim(), details.trim()].filter(Boolean).join(' — ').slice(0, REASON_MAX);

/** The visit: one of the calendar's reasons (when it lists any) and the patient's words. */
export function VisitStep(props: {
  calendar: CalendarView;
  busy: boolean;
  onBook: (reason: string) => void;
}) {
  const reasons = props.calendar.reasons;
  const [title, setTitle] = useState(reasons[0] ?? OTHER);
  const [details, setDetails] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onBook(reasonText(title, details));
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} aria-label="Visit" sx={{ maxWidth: 560 }}>
      {reasons.length > 0 && (
        <TextField
          select
          label="Visit reason"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          size="small"
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'visit-reason' } }}
        >
          {reasons.map((reason) => (
            <MenuItem key={reason} value={reason}>
              {reason}
            </MenuItem>
          ))}
          <MenuItem value={OTHER}>Other (describe below)</MenuItem>
        </TextField>
      )}
      <TextField
        label={reasons.length > 0 ? 'Details (optional)' : 'Reason for visit (optional)'}
        value={details}
        onChange={(e) => setDetails(e.target.value)}
        autoFocus={reasons.length === 0}
        size="small"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': 'visit-details' } }}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="large" disabled={props.busy}>
          Book appointment
        </Button>
      </Stack>
    </Stack>
  );
}
