import MicIcon from '@mui/icons-material/Mic';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessageOf } from '../../../shared/error-message';
import { toast } from '../../../shared/toast';
import { meetingApi } from '../api/meeting-api';
import {
  type DeviceChoice,
  listDevices,
  type MediaProblem,
  meterLevel,
  openMedia,
  PROBLEM_TEXT,
  problemOf,
  saveDevices,
  savedDevices,
  stopMedia,
} from '../media/devices';
import { useMeeting } from './use-meeting';
import { useTranslation } from '../../../shared/i18n';

/**
 * Meeting Readiness (the spec's route constant): choose a camera and a microphone, see yourself,
 * watch the microphone's level, then go to the waiting room (the provider starts the visit).
 */
export function ReadinessPage() {
  const { t } = useTranslation();
  const { appointmentId = '' } = useParams();
  const navigate = useNavigate();
  const { meeting, error } = useMeeting(appointmentId);
  const [choice, setChoice] = useState<DeviceChoice>(savedDevices);
  const [devices, setDevices] = useState<{
    cameras: MediaDeviceInfo[];
    microphones: MediaDeviceInfo[];
  }>({
    cameras: [],
    microphones: [],
  });
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem>(null);
  const [level, setLevel] = useState(0);
  const [starting, setStarting] = useState(true);
  const [sending, setSending] = useState(false);
  const preview = useRef<HTMLVideoElement | null>(null);

  const start = useCallback(async (wanted: DeviceChoice) => {
    setStarting(true);
    try {
      const opened = await openMedia(wanted);
      setStream((old) => {
        stopMedia(old);
        return opened;
      });
      setProblem(null);
      setDevices(await listDevices());
    } catch (cause) {
      setProblem(problemOf(cause));
    } finally {
      setStarting(false);
    }
  }, []);

  useEffect(() => {
    let gone = false;
    openMedia(savedDevices())
      .then(async (opened) => {
        if (gone) return stopMedia(opened);
        setStream(opened);
        setDevices(await listDevices());
      })
      .catch((cause: unknown) => !gone && setProblem(problemOf(cause)))
      .finally(() => !gone && setStarting(false));
    return () => {
      gone = true;
    };
  }, []);
  useEffect(() => () => stopMedia(stream), [stream]);
  useEffect(() => {
    if (preview.current) preview.current.srcObject = stream;
    if (!stream) return;
    return meterLevel(stream, setLevel);
  }, [stream]);

  const choose = (change: Partial<DeviceChoice>) => {
    const next = { ...choice, ...change };
    setChoice(next);
    void start(next);
  };

  const ready = async () => {
    const camera = stream?.getVideoTracks()[0]?.getSettings().deviceId ?? choice.cameraId;
    const microphone = stream?.getAudioTracks()[0]?.getSettings().deviceId ?? choice.microphoneId;
    saveDevices({ cameraId: camera ?? null, microphoneId: microphone ?? null });
    setSending(true);
    try {
      await meetingApi.ready(appointmentId);
      stopMedia(stream);
      const host = meeting?.me.role === 'Provider';
      await navigate(host ? `/meeting/${appointmentId}` : `/meeting/waiting-room/${appointmentId}`);
    } catch (cause) {
      toast.error(errorMessageOf(cause));
      setSending(false);
    }
  };

  if (error !== undefined) {
    return (
      <Alert severity="error" sx={{ maxWidth: 640, mx: 'auto' }}>
        {errorMessageOf(error)}
      </Alert>
    );
  }
  const host = meeting?.me.role === 'Provider';
  return (
    <Stack spacing={3} sx={{ maxWidth: 880, mx: 'auto', width: '100%' }}>
      <div>
        <Typography variant="h4" component="h1">
          {t('telehealth.getReady')}
        </Typography>
        <Typography color="text.secondary">
          {meeting
            ? host
              ? t('telehealth.checkHost')
              : t('telehealth.checkPatient', {
                  provider: meeting.provider_name || t('telehealth.yourProvider'),
                })
            : t('telehealth.loading')}
        </Typography>
      </div>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Paper
          variant="outlined"
          sx={{
            flex: 3,
            aspectRatio: '16 / 9',
            bgcolor: 'grey.900',
            overflow: 'hidden',
            position: 'relative',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {stream && stream.getVideoTracks().length > 0 ? (
            <video
              ref={preview}
              autoPlay
              playsInline
              muted
              data-testid="readiness-preview"
              aria-label={t('telehealth.preview')}
              style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
            />
          ) : starting ? (
            <CircularProgress aria-label={t('telehealth.starting')} sx={{ color: 'grey.300' }} />
          ) : (
            <Stack sx={{ alignItems: 'center', color: 'grey.300' }} spacing={1}>
              <VideocamOffIcon fontSize="large" aria-hidden />
              <Typography>{t('telehealth.cameraOff')}</Typography>
            </Stack>
          )}
        </Paper>
        <Stack spacing={2} sx={{ flex: 2, minWidth: 0 }}>
          {problem && (
            <Alert
              severity="warning"
              data-testid="readiness-problem"
              action={
                <Button color="inherit" size="small" onClick={() => void start(choice)}>
                  {t('telehealth.tryAgain')}
                </Button>
              }
            >
              <AlertTitle>{PROBLEM_TEXT[problem].title}</AlertTitle>
              {PROBLEM_TEXT[problem].help}
            </Alert>
          )}
          <TextField
            select
            label={t('telehealth.camera')}
            value={
              devices.cameras.some((d) => d.deviceId === choice.cameraId) ? choice.cameraId : ''
            }
            onChange={(event) => choose({ cameraId: event.target.value || null })}
            disabled={devices.cameras.length === 0}
            helperText={devices.cameras.length === 0 ? t('telehealth.noCamera') : ' '}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('telehealth.defaultCamera')}</MenuItem>
            {devices.cameras.map((device, index) => (
              <MenuItem key={device.deviceId || index} value={device.deviceId}>
                {device.label || t('telehealth.cameraN', { n: index + 1 })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('telehealth.microphone')}
            value={
              devices.microphones.some((d) => d.deviceId === choice.microphoneId)
                ? choice.microphoneId
                : ''
            }
            onChange={(event) => choose({ microphoneId: event.target.value || null })}
            disabled={devices.microphones.length === 0}
            helperText={devices.microphones.length === 0 ? t('telehealth.noMicrophone') : ' '}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('telehealth.defaultMicrophone')}</MenuItem>
            {devices.microphones.map((device, index) => (
              <MenuItem key={device.deviceId || index} value={device.deviceId}>
                {device.label || t('telehealth.microphoneN', { n: index + 1 })}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <MicIcon fontSize="small" color="action" aria-hidden />
              <Typography variant="body2" id="mic-level-label">
                {t('telehealth.saySomething')}
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={Math.round(level * 100)}
              aria-labelledby="mic-level-label"
              data-testid="mic-level"
              sx={{ height: 10, borderRadius: 5 }}
            />
          </Box>
          <Button
            variant="contained"
            size="large"
            onClick={() => void ready()}
            disabled={!meeting || sending || starting}
            data-testid="readiness-ready"
          >
            {host ? t('telehealth.startVisit') : t('telehealth.joinWaitingRoom')}
          </Button>
          {problem && (
            <Typography variant="body2" color="text.secondary">
              {t('telehealth.withoutDevices')}
            </Typography>
          )}
        </Stack>
      </Stack>
    </Stack>
  );
}
