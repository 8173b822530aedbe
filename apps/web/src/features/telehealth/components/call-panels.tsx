import type { MeetingView } from '@medbook/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { toast } from '../../../shared/toast';
import { meetingApi } from '../api/meeting-api';

/** The call's chat: every admitted participant's messages, newest at the bottom. */
export function ChatPanel(props: { meeting: MeetingView; onSent: () => void }) {
  const { meeting } = props;
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const end = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [meeting.chat.length]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setSending(true);
    try {
      await meetingApi.chat(meeting.appointment_id, text);
      setText('');
      props.onSent();
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack spacing={1} sx={{ height: '100%', minHeight: 240 }}>
      <List
        dense
        aria-live="polite"
        aria-label="Chat messages"
        data-testid="chat-messages"
        sx={{ flex: 1, overflowY: 'auto', maxHeight: { xs: 240, md: 360 } }}
      >
        {meeting.chat.length === 0 && (
          <ListItem>
            <ListItemText secondary="No messages yet." />
          </ListItem>
        )}
        {meeting.chat.map((line) => (
          <ListItem key={line.message_id} disableGutters data-testid="chat-message">
            <ListItemText
              primary={line.text}
              secondary={`${line.participant_id === meeting.me.participant_id ? 'You' : line.name} · ${DateTime.fromISO(line.sent_at).toFormat('h:mm a')}`}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
        <li ref={end} aria-hidden />
      </List>
      <Box component="form" onSubmit={(e) => void send(e)} sx={{ display: 'flex', gap: 1 }}>
        <TextField
          size="small"
          fullWidth
          label="Message"
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'chat-input' } }}
        />
        <IconButton
          type="submit"
          color="primary"
          disabled={sending || !text.trim()}
          aria-label="Send message"
        >
          <SendIcon />
        </IconButton>
      </Box>
    </Stack>
  );
}

const waitedFor = (since: string | null, now: DateTime): string => {
  if (!since) return '';
  const minutes = Math.floor(now.diff(DateTime.fromISO(since), 'minutes').minutes);
  return minutes < 1 ? 'waiting less than a minute' : `waiting ${minutes} min`;
};

/** Who is waiting, who is in the call, guests invited; the provider admits, removes and invites. */
export function PeoplePanel(props: { meeting: MeetingView; onChanged: () => void }) {
  const { meeting } = props;
  const host = meeting.me.role === 'Provider';
  const [guestName, setGuestName] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [now, setNow] = useState(DateTime.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(DateTime.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
      props.onChanged();
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    }
  };
  const invite = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const result = await meetingApi.inviteGuest(meeting.appointment_id, guestName.trim());
      setLink(result.invitation_url);
      setGuestName('');
      props.onChanged();
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    }
  };

  const waiting = meeting.participants.filter((p) => p.state === 'waiting');
  const admitted = meeting.participants.filter((p) => p.state === 'admitted');
  return (
    <Stack spacing={2}>
      {host && (
        <section aria-labelledby="waiting-title">
          <Typography id="waiting-title" variant="subtitle2" component="h3">
            Waiting to join ({waiting.length})
          </Typography>
          {waiting.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Nobody is waiting.
            </Typography>
          ) : (
            <List dense data-testid="meeting-waiting">
              {waiting.map((p) => (
                <ListItem
                  key={p.participant_id}
                  disableGutters
                  secondaryAction={
                    <Button
                      size="small"
                      variant="contained"
                      onClick={() =>
                        void act(
                          () => meetingApi.admit(meeting.appointment_id, p.participant_id),
                          `${p.name} was let in.`,
                        )
                      }
                      aria-label={`Admit ${p.name}`}
                    >
                      Admit
                    </Button>
                  }
                >
                  <ListItemText
                    primary={p.name}
                    secondary={`${p.role} · ${waitedFor(p.waiting_since, now)}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </section>
      )}
      <section aria-labelledby="people-title">
        <Typography id="people-title" variant="subtitle2" component="h3">
          In this visit
        </Typography>
        <List dense data-testid="meeting-people">
          {admitted.map((p) => (
            <ListItem
              key={p.participant_id}
              disableGutters
              secondaryAction={
                host && p.participant_id !== meeting.me.participant_id ? (
                  <Button
                    size="small"
                    color="error"
                    onClick={() =>
                      void act(
                        () => meetingApi.remove(meeting.appointment_id, p.participant_id),
                        `${p.name} was removed.`,
                      )
                    }
                    aria-label={`Remove ${p.name}`}
                  >
                    Remove
                  </Button>
                ) : undefined
              }
            >
              <ListItemText
                primary={
                  p.participant_id === meeting.me.participant_id ? `${p.name} (you)` : p.name
                }
                secondary={
                  <>
                    {p.role}
                    {' · '}
                    {p.connections > 0 ? 'connected' : 'not connected'}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      </section>
      {host && <InviteColleague meeting={meeting} onInvited={props.onChanged} />}
      {host && (
        <section aria-labelledby="invite-title">
          <Typography id="invite-title" variant="subtitle2" component="h3">
            Invite a guest
          </Typography>
          <Typography variant="body2" color="text.secondary">
            An interpreter or a family member joins with a link that works once, for 24 hours.
          </Typography>
          <Box
            component="form"
            onSubmit={(e) => void invite(e)}
            sx={{ display: 'flex', gap: 1, mt: 1 }}
          >
            <TextField
              size="small"
              fullWidth
              label="Guest's name"
              value={guestName}
              onChange={(e) => setGuestName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 80 } }}
            />
            <Button type="submit" variant="outlined" disabled={guestName.trim().length < 2}>
              Invite
            </Button>
          </Box>
          {link && (
            <Alert
              severity="success"
              sx={{ mt: 1, '& .MuiAlert-message': { minWidth: 0 } }}
              action={
                <IconButton
                  aria-label="Copy invitation link"
                  onClick={() => {
                    void navigator.clipboard
                      ?.writeText(link)
                      .then(() => toast.success('Link copied.'));
                  }}
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              }
            >
              <Typography
                variant="body2"
                sx={{ overflowWrap: 'anywhere' }}
                data-testid="invitation-link"
              >
                {link}
              </Typography>
            </Alert>
          )}
          {meeting.invitations.length > 0 && (
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
              {meeting.invitations.map((i) => (
                <Chip
                  key={i.invitation_id}
                  size="small"
                  variant="outlined"
                  label={`${i.name}: ${i.redeemed ? 'joined' : 'invited'}`}
                />
              ))}
            </Stack>
          )}
        </section>
      )}
    </Stack>
  );
}

/**
 * The provider invites a colleague of the practice (a nurse, an interpreter on staff): they
 * open the visit's link signed in, pass readiness, and are admitted like anyone else.
 */
function InviteColleague(props: { meeting: MeetingView; onInvited: () => void }) {
  const { meeting } = props;
  const [colleagues, setColleagues] = useState<{ id: string; name: string }[]>([]);
  const [chosen, setChosen] = useState('');
  const [invitedLink, setInvitedLink] = useState<string | null>(null);
  useEffect(() => {
    let gone = false;
    meetingApi.colleagues(meeting.practice_id).then(
      (users) =>
        !gone &&
        setColleagues(
          users
            .filter((u) => !u.disabled && u.id !== meeting.me.participant_id)
            .map((u) => ({ id: u.id, name: `${u.first_name} ${u.last_name} (${u.type})` })),
        ),
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [meeting.practice_id, meeting.me.participant_id]);
  if (colleagues.length === 0) return null;
  const invite = async () => {
    try {
      await meetingApi.inviteStaff(meeting.appointment_id, chosen);
      setInvitedLink(`${window.location.origin}/meeting/readiness/${meeting.appointment_id}`);
      setChosen('');
      props.onInvited();
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    }
  };
  return (
    <section aria-labelledby="colleague-title">
      <Typography id="colleague-title" variant="subtitle2" component="h3">
        Invite a colleague
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <TextField
          select
          size="small"
          fullWidth
          label="Colleague"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Choose…</option>
          {colleagues.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </TextField>
        <Button variant="outlined" disabled={!chosen} onClick={() => void invite()}>
          Invite
        </Button>
      </Box>
      {invitedLink && (
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          Invited. They join from {invitedLink} while signed in.
        </Typography>
      )}
    </section>
  );
}

/** The provider's session notes, beside the call; saved as an event each time. */
export function NotesPanel(props: { meeting: MeetingView }) {
  const { meeting } = props;
  const [value, setValue] = useState(meeting.session_notes ?? '');
  const [saved, setSaved] = useState(meeting.session_notes ?? '');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await meetingApi.notes(meeting.appointment_id, value);
      setSaved(value);
      toast.success('Notes saved.');
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack spacing={1}>
      <TextField
        multiline
        minRows={8}
        label="Session notes"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        helperText="Only you and staff you invite see these notes."
        slotProps={{ htmlInput: { maxLength: 20000, 'data-testid': 'notes-input' } }}
      />
      <Button
        variant="outlined"
        onClick={() => void save()}
        disabled={saving || value === saved}
        sx={{ alignSelf: 'flex-start' }}
      >
        {value === saved && saved ? 'Saved' : 'Save notes'}
      </Button>
    </Stack>
  );
}
