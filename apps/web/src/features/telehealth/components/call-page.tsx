import { MEETING_MESSAGES, type MeetingView } from '@medbook/contracts';
import CallEndIcon from '@mui/icons-material/CallEnd';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import VideocamIcon from '@mui/icons-material/Videocam';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Rating,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useObservableState } from 'observable-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useBlocker, useNavigate, useParams } from 'react-router';
import { BehaviorSubject } from 'rxjs';
import { liveSocket } from '../../../live/live-socket';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { meetingApi } from '../api/meeting-api';
import { openMedia, savedDevices, stopMedia } from '../media/devices';
import { type CallState, PeerMesh, type RemotePeer } from '../media/peer-mesh';
import { ChatPanel, NotesPanel, PeoplePanel } from './call-panels';
import { useMeeting } from './use-meeting';

/** The video call: remote and self view, controls, chat, people and (for the provider) notes. */
export function CallPage() {
  const { appointmentId = '' } = useParams();
  const { meeting, error, refresh } = useMeeting(appointmentId);
  const { t } = useTranslation();
  if (error !== undefined) {
    return (
      <Alert severity="error" sx={{ maxWidth: 640, mx: 'auto' }}>
        {translateText(errorMessageOf(error))}
      </Alert>
    );
  }
  if (!meeting) {
    return <CircularProgress aria-label={t('videoVisit.loadingVisit')} sx={{ mx: 'auto' }} />;
  }
  if (meeting.status === 'ended') return <VisitEnded meeting={meeting} onReviewed={refresh} />;
  if (meeting.me.state === 'removed') {
    return (
      <Alert severity="warning" sx={{ maxWidth: 640, mx: 'auto' }}>
        {t('videoVisit.messages.removed')}
      </Alert>
    );
  }
  return <Call meeting={meeting} refresh={refresh} />;
}

function Call({ meeting, refresh }: { meeting: MeetingView; refresh: () => void }) {
  const appointmentId = meeting.appointment_id;
  const navigate = useNavigate();
  const host = meeting.me.role === 'Provider';
  const [local, setLocal] = useState<MediaStream | null | undefined>(undefined);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [tab, setTab] = useState(0);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const { t } = useTranslation();

  // Camera and microphone as chosen at the readiness check; without them, receive only.
  useEffect(() => {
    let stream: MediaStream | null = null;
    let gone = false;
    openMedia(savedDevices()).then(
      (opened) => {
        if (gone) return stopMedia(opened);
        stream = opened;
        setLocal(opened);
      },
      () => !gone && setLocal(null),
    );
    return () => {
      gone = true;
      stopMedia(stream);
    };
  }, []);

  const mesh = useMemo(
    () =>
      local === undefined
        ? null
        : new PeerMesh(liveSocket(), appointmentId, local, meeting.ice_servers),
    // The ICE servers are configuration: they do not change during a call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [local, appointmentId],
  );
  useEffect(() => {
    if (!mesh) return;
    mesh.start();
    // For diagnostics (and the browser tests): the call's connection statistics.
    (window as unknown as { __medbookCall?: PeerMesh }).__medbookCall = mesh;
    return () => mesh.leave();
  }, [mesh]);

  const peers = useObservableState(mesh?.peers$ ?? EMPTY_PEERS, new Map<string, RemotePeer>());
  const state = useObservableState(mesh?.state$ ?? JOINING, { kind: 'joining' } as CallState);

  // The spec's deactivation guard: leaving or reloading while the meeting is in progress asks.
  const guard = meeting.status === 'started' && !leaving;
  const blocker = useBlocker(guard);
  useEffect(() => {
    if (!guard) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = MEETING_MESSAGES.inProgress;
      return MEETING_MESSAGES.inProgress;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [guard]);

  const toggleMute = () => {
    local?.getAudioTracks().forEach((t) => (t.enabled = muted));
    setMuted(!muted);
  };
  const toggleCamera = () => {
    local?.getVideoTracks().forEach((t) => (t.enabled = cameraOff));
    setCameraOff(!cameraOff);
  };
  const leave = () => {
    setLeaving(true);
    mesh?.leave();
    void navigate(homeOf(meeting));
  };
  const end = async () => {
    setConfirmEnd(false);
    try {
      await meetingApi.end(appointmentId);
      mesh?.leave();
      refresh();
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    }
  };

  const names = useMemo(
    () => new Map(meeting.participants.map((p) => [p.participant_id, p.name])),
    [meeting.participants],
  );
  const remote = [...peers.values()];
  const staffSide = host || meeting.me.role === 'Staff';
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h5" component="h1">
          Video visit{host ? '' : ` with ${meeting.provider_name}`}
        </Typography>
        <CallStateChip state={state} peers={remote} />
      </Stack>
      {state.kind === 'refused' && <Alert severity="warning">{state.message}</Alert>}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
        <Stack spacing={1} sx={{ flex: 3, minWidth: 0 }}>
          <Box
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: '1fr', sm: remote.length > 1 ? '1fr 1fr' : '1fr' },
            }}
          >
            {remote.length === 0 && (
              <Paper
                variant="outlined"
                sx={{
                  aspectRatio: '16 / 9',
                  bgcolor: 'grey.900',
                  color: 'grey.300',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  p: 2,
                  textAlign: 'center',
                }}
                data-testid="call-alone"
              >
                <Typography>
                  {host ? t('videoVisit.call.admitToStart') : t('videoVisit.call.waitingOthers')}
                </Typography>
              </Paper>
            )}
            {remote.map((peer) => (
              <VideoTile
                key={peer.socketId}
                stream={peer.stream}
                label={names.get(peer.participantId) ?? t('videoVisit.call.participant')}
                testId="remote-video"
                connecting={peer.state !== 'connected'}
              />
            ))}
          </Box>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
          >
            <Box sx={{ width: { xs: 120, sm: 180 } }}>
              <VideoTile
                stream={local ?? null}
                label={t('videoVisit.call.you')}
                testId="local-video"
                muted
                mirrored
              />
            </Box>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Tooltip title={muted ? t('videoVisit.call.unmute') : t('videoVisit.call.mute')}>
                <span>
                  <Button
                    variant="outlined"
                    onClick={toggleMute}
                    disabled={!local?.getAudioTracks().length}
                    aria-pressed={muted}
                    startIcon={muted ? <MicOffIcon /> : <MicIcon />}
                  >
                    {muted ? t('videoVisit.call.unmute') : t('videoVisit.call.mute')}
                  </Button>
                </span>
              </Tooltip>
              <Tooltip
                title={
                  cameraOff ? t('videoVisit.call.turnCameraOn') : t('videoVisit.call.turnCameraOff')
                }
              >
                <span>
                  <Button
                    variant="outlined"
                    onClick={toggleCamera}
                    disabled={!local?.getVideoTracks().length}
                    aria-pressed={cameraOff}
                    startIcon={cameraOff ? <VideocamOffIcon /> : <VideocamIcon />}
                  >
                    {cameraOff ? t('videoVisit.call.cameraOn') : t('videoVisit.call.cameraOff')}
                  </Button>
                </span>
              </Tooltip>
              <Button
                variant="outlined"
                color="error"
                onClick={leave}
                startIcon={<CallEndIcon />}
                data-testid="call-leave"
              >
                {t('videoVisit.call.leave')}
              </Button>
              {host && (
                <Button
                  variant="contained"
                  color="error"
                  onClick={() => setConfirmEnd(true)}
                  data-testid="call-end"
                >
                  {t('videoVisit.call.endVisit')}
                </Button>
              )}
            </Stack>
          </Stack>
        </Stack>
        <Paper variant="outlined" sx={{ flex: 2, minWidth: 0, p: 2 }}>
          <Tabs
            value={tab}
            onChange={(_, value: number) => setTab(value)}
            aria-label={t('videoVisit.call.panels')}
            variant="fullWidth"
          >
            <Tab label={t('videoVisit.call.chat')} id="call-tab-0" aria-controls="call-panel-0" />
            <Tab
              label={t('videoVisit.call.people', {
                count: meeting.participants.filter((p) => p.state !== 'removed').length,
              })}
              id="call-tab-1"
              aria-controls="call-panel-1"
            />
            {staffSide && (
              <Tab
                label={t('videoVisit.call.notes')}
                id="call-tab-2"
                aria-controls="call-panel-2"
              />
            )}
          </Tabs>
          <Box
            role="tabpanel"
            id={`call-panel-${tab}`}
            aria-labelledby={`call-tab-${tab}`}
            sx={{ pt: 2 }}
          >
            {tab === 0 && <ChatPanel meeting={meeting} onSent={refresh} />}
            {tab === 1 && <PeoplePanel meeting={meeting} onChanged={refresh} />}
            {tab === 2 && staffSide && <NotesPanel meeting={meeting} />}
          </Box>
        </Paper>
      </Stack>
      <Dialog open={confirmEnd} onClose={() => setConfirmEnd(false)}>
        <DialogTitle>{t('videoVisit.call.endTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('videoVisit.call.endText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmEnd(false)}>{t('videoVisit.call.keepTalking')}</Button>
          <Button color="error" variant="contained" onClick={() => void end()}>
            {t('videoVisit.call.endVisit')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()}>
        <DialogTitle>{t('videoVisit.call.leaveTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText data-testid="leave-guard">
            {t('videoVisit.messages.inProgress')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => blocker.reset?.()}>
            {t('videoVisit.call.stay')}
          </Button>
          <Button
            color="error"
            onClick={() => {
              mesh?.leave();
              blocker.proceed?.();
            }}
          >
            {t('videoVisit.call.leave')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

const EMPTY_PEERS = new BehaviorSubject<ReadonlyMap<string, RemotePeer>>(new Map());
const JOINING = new BehaviorSubject<CallState>({ kind: 'joining' });

function CallStateChip({ state, peers }: { state: CallState; peers: readonly RemotePeer[] }) {
  const connected = peers.some((p) => p.state === 'connected');
  const { t } = useTranslation();
  const label =
    state.kind === 'reconnecting'
      ? t('videoVisit.call.reconnecting')
      : state.kind === 'joining'
        ? t('videoVisit.call.joining')
        : state.kind === 'refused'
          ? t('videoVisit.call.notConnected')
          : connected
            ? t('videoVisit.call.connected')
            : t('videoVisit.call.waitingForOthers');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={
        connected && state.kind === 'in-call'
          ? 'success'
          : state.kind === 'reconnecting'
            ? 'warning'
            : 'default'
      }
      label={label}
      data-testid="call-state"
      role="status"
    />
  );
}

function VideoTile(props: {
  stream: MediaStream | null;
  label: string;
  testId: string;
  muted?: boolean;
  mirrored?: boolean;
  connecting?: boolean;
}) {
  const video = useRef<HTMLVideoElement | null>(null);
  const { t } = useTranslation();
  useEffect(() => {
    if (video.current && video.current.srcObject !== props.stream) {
      video.current.srcObject = props.stream;
      if (props.stream) void video.current.play().catch(() => undefined);
    }
  }, [props.stream]);
  return (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: '16 / 9',
        bgcolor: 'grey.900',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      <video
        ref={video}
        autoPlay
        playsInline
        muted={props.muted}
        data-testid={props.testId}
        aria-label={t('videoVisit.call.videoOf', { name: props.label })}
        style={{
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          transform: props.mirrored ? 'scaleX(-1)' : undefined,
        }}
      />
      <Box
        sx={{
          position: 'absolute',
          left: 8,
          bottom: 8,
          px: 1,
          borderRadius: 1,
          bgcolor: 'rgba(0,0,0,0.6)',
          color: 'common.white',
        }}
      >
        <Typography variant="caption">
          {props.label}
          {props.connecting ? ' · connecting…' : ''}
        </Typography>
      </Box>
    </Box>
  );
}

/** After the visit: the patient is asked for a review (rating and comment), once. */
function VisitEnded({ meeting, onReviewed }: { meeting: MeetingView; onReviewed: () => void }) {
  const patient = meeting.me.role === 'Patient';
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const { t } = useTranslation();
  const send = async () => {
    if (!rating) return;
    setSending(true);
    try {
      await meetingApi.review(meeting.appointment_id, rating, comment);
      toast.success(t('reviews.thanksToast'));
      onReviewed();
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack spacing={3} sx={{ maxWidth: 560, mx: 'auto', width: '100%' }}>
      <Alert severity="success" data-testid="visit-ended">
        {t('videoVisit.messages.ended')}
      </Alert>
      {patient && !meeting.review && (
        <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-labelledby="review-title">
          <Typography id="review-title" variant="h6" component="h2">
            {t('videoVisit.call.howWas', { provider: meeting.provider_name })}
          </Typography>
          <Stack spacing={2} sx={{ mt: 2 }}>
            <Rating
              name="visit-rating"
              value={rating}
              onChange={(_, value) => setRating(value)}
              size="large"
              aria-label={t('videoVisit.call.ratingLabel')}
            />
            <TextField
              label={t('videoVisit.call.comment')}
              multiline
              minRows={3}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            <Button
              variant="contained"
              onClick={() => void send()}
              disabled={!rating || sending}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('videoVisit.call.sendReview')}
            </Button>
          </Stack>
        </Paper>
      )}
      {patient && meeting.review && (
        <Typography data-testid="review-thanks">
          {t('videoVisit.call.thanks', { rating: meeting.review.rating })}
        </Typography>
      )}
      {meeting.me.role !== 'Guest' && (
        <Button component={RouterLink} to={homeOf(meeting)} sx={{ alignSelf: 'flex-start' }}>
          {t('videoVisit.call.backToDashboard')}
        </Button>
      )}
    </Stack>
  );
}

/** Where each participant goes after the call. */
function homeOf(meeting: MeetingView): string {
  switch (meeting.me.role) {
    case 'Provider':
      return '/dashboard/doctor';
    case 'Patient':
      return '/dashboard/patient';
    case 'Staff':
      return '/dashboard/practice-staff';
    case 'Guest':
      return '/';
  }
}
