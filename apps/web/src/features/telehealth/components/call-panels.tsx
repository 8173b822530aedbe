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
import { i18n, translateText, useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';
import { toast } from '../../../shared/toast';
import { meetingApi } from '../api/meeting-api';

/** The call's chat: every admitted participant's messages, newest at the bottom. */
export function ChatPanel(props: { meeting: MeetingView; onSent: () => void }) {
  const { meeting } = props;
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const end = useRef<HTMLLIElement | null>(null);
  const { t } = useTranslation();
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
        aria-label={t('videoVisit.panels.chatMessages')}
        data-testid="chat-messages"
        sx={{ flex: 1, overflowY: 'auto', maxHeight: { xs: 240, md: 360 } }}
      >
        {meeting.chat.length === 0 && (
          <ListItem>
            <ListItemText secondary={t('videoVisit.panels.noMessages')} />
          </ListItem>
        )}
        {meeting.chat.map((line) => (
          <ListItem key={line.message_id} disableGutters data-testid="chat-message">
            <ListItemText
              primary={line.text}
              secondary={`${line.participant_id === meeting.me.participant_id ? t('videoVisit.panels.you') : line.name} · ${formatDate(DateTime.fromISO(line.sent_at), 'h:mm a', { hour: 'numeric', minute: '2-digit' })}`}
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
          label={t('videoVisit.panels.message')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'chat-input' } }}
        />
        <IconButton
          type="submit"
          color="primary"
          disabled={sending || !text.trim()}
          aria-label={t('videoVisit.panels.send')}
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
  return minutes < 1
    ? translateText('waiting less than a minute')
    : i18n.t('videoVisit.panels.waitingMinutes', { count: minutes });
};

/** Who is waiting, who is in the call, guests invited; the provider admits, removes and invites. */
export function PeoplePanel(props: { meeting: MeetingView; onChanged: () => void }) {
  const { meeting } = props;
  const host = meeting.me.role === 'Provider';
  const [guestName, setGuestName] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [now, setNow] = useState(DateTime.now());
  const { t } = useTranslation();
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
            {t('videoVisit.panels.waitingToJoin', { count: waiting.length })}
          </Typography>
          {waiting.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('videoVisit.panels.nobodyWaiting')}
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
                          t('videoVisit.panels.letIn', { name: p.name }),
                        )
                      }
                      aria-label={t('videoVisit.panels.admitOf', { name: p.name })}
                    >
                      {t('videoVisit.panels.admit')}
                    </Button>
                  }
                >
                  <ListItemText
                    primary={p.name}
                    secondary={`${t(`videoVisit.roles.${p.role}`)} · ${waitedFor(p.waiting_since, now)}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </section>
      )}
      <section aria-labelledby="people-title">
        <Typography id="people-title" variant="subtitle2" component="h3">
          {t('videoVisit.panels.inThisVisit')}
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
                        t('videoVisit.panels.removed', { name: p.name }),
                      )
                    }
                    aria-label={t('videoVisit.panels.removeOf', { name: p.name })}
                  >
                    {t('videoVisit.panels.remove')}
                  </Button>
                ) : undefined
              }
            >
              <ListItemText
                primary={
                  p.participant_id === meeting.me.participant_id
                    ? t('videoVisit.panels.youSuffix', { name: p.name })
                    : p.name
                }
                secondary={
                  <>
                    {t(`videoVisit.roles.${p.role}`)}
                    {' · '}
                    {p.connections > 0
                      ? t('videoVisit.panels.connected')
                      : t('videoVisit.panels.notConnected')}
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
            {t('videoVisit.panels.inviteGuest')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('videoVisit.panels.inviteGuestHelp')}
          </Typography>
          <Box
            component="form"
            onSubmit={(e) => void invite(e)}
            sx={{ display: 'flex', gap: 1, mt: 1 }}
          >
            <TextField
              size="small"
              fullWidth
              label={t('videoVisit.panels.guestName')}
              value={guestName}
              onChange={(e) => setGuestName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 80 } }}
            />
            <Button type="submit" variant="outlined" disabled={guestName.trim().length < 2}>
              {t('videoVisit.panels.invite')}
            </Button>
          </Box>
          {link && (
            <Alert
              severity="success"
              sx={{ mt: 1, '& .MuiAlert-message': { minWidth: 0 } }}
              action={
                <IconButton
                  aria-label={t('videoVisit.panels.copyLink')}
                  onClick={() => {
                    void navigator.clipboard
                      ?.writeText(link)
                      .then(() => toast.success(t('videoVisit.panels.linkCopied')));
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
                  label={
                    i.redeemed
                      ? t('videoVisit.panels.joined', { name: i.name })
                      : t('videoVisit.panels.invited', { name: i.name })
                  }
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
  const { t } = useTranslation();
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
        {t('videoVisit.panels.inviteColleague')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <TextField
          select
          size="small"
          fullWidth
          label={t('videoVisit.panels.colleague')}
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('videoVisit.panels.choose')}</option>
          {colleagues.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </TextField>
        <Button variant="outlined" disabled={!chosen} onClick={() => void invite()}>
          {t('videoVisit.panels.invite')}
        </Button>
      </Box>
      {invitedLink && (
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {t('videoVisit.panels.invitedColleague', { link: invitedLink })}
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
  const { t } = useTranslation();
  const save = async () => {
    setSaving(true);
    try {
      await meetingApi.notes(meeting.appointment_id, value);
      setSaved(value);
      toast.success(t('videoVisit.panels.notesSaved'));
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
        label={t('videoVisit.panels.sessionNotes')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        helperText={t('videoVisit.panels.notesHelp')}
        slotProps={{ htmlInput: { maxLength: 20000, 'data-testid': 'notes-input' } }}
      />
      <Button
        variant="outlined"
        onClick={() => void save()}
        disabled={saving || value === saved}
        sx={{ alignSelf: 'flex-start' }}
      >
        {value === saved && saved ? t('videoVisit.panels.saved') : t('videoVisit.panels.saveNotes')}
      </Button>
    </Stack>
  );
}
