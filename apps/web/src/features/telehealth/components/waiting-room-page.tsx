import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import {
  Alert,
  Avatar,
  Button,
  Chip,
  CircularProgress,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useObservableState } from 'observable-hooks';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { connection$ } from '../../../live/live-socket';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { DATE_FORMATS, formatDate } from '../../../shared/i18n/dates';
import { mayEnterCall } from '../streams/meeting.stream';
import { useMeeting } from './use-meeting';

/**
 * The Virtual Waiting Room (the spec's route constant): the patient or guest waits, live, until
 * the provider lets them in, then goes into the call by themselves.
 */
export function WaitingRoomPage() {
  const { appointmentId = '' } = useParams();
  const navigate = useNavigate();
  const { meeting, error } = useMeeting(appointmentId);
  const connection = useObservableState(connection$);
  const { t } = useTranslation();

  useEffect(() => {
    if (meeting && mayEnterCall(meeting))
      void navigate(`/meeting/${appointmentId}`, { replace: true });
  }, [meeting, appointmentId, navigate]);

  if (error !== undefined) {
    return (
      <Alert severity="error" sx={{ maxWidth: 640, mx: 'auto' }}>
        {translateText(errorMessageOf(error))}
      </Alert>
    );
  }
  if (!meeting)
    return <CircularProgress aria-label={t('videoVisit.loadingVisit')} sx={{ mx: 'auto' }} />;
  const inCall = meeting.participants.filter((p) => p.connections > 0);
  const start = DateTime.fromISO(meeting.start_date, { zone: meeting.time_zone });
  return (
    <Stack spacing={3} sx={{ maxWidth: 640, mx: 'auto', width: '100%' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h4" component="h1">
          {t('videoVisit.waitingRoom')}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={connection === 'live' ? 'success' : 'default'}
          label={connection === 'live' ? t('videoVisit.live') : t('videoVisit.reconnecting')}
        />
      </Stack>
      {meeting.status === 'ended' ? (
        <Alert severity="info">{t('videoVisit.messages.ended')}</Alert>
      ) : meeting.me.state === 'removed' ? (
        <Alert severity="warning">{t('videoVisit.messages.removed')}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }} role="status">
          <HourglassTopIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
          <Typography
            variant="h5"
            component="p"
            sx={{ mt: 1, fontWeight: 600 }}
            data-testid="waiting-message"
          >
            {t('videoVisit.messages.notAdmitted')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('videoVisit.visitAt', {
              provider: meeting.provider_name || t('videoVisit.yourProvider'),
              time: formatDate(start, 'h:mm a ZZZZ', {
                ...DATE_FORMATS.time,
                timeZoneName: 'short',
              }),
              date: formatDate(start, 'EEEE, MMMM d', DATE_FORMATS.weekdayMonthDay),
            })}
          </Typography>
        </Paper>
      )}
      <section aria-labelledby="in-call-title">
        <Typography id="in-call-title" variant="h6" component="h2">
          {t('videoVisit.inCallNow')}
        </Typography>
        {inCall.length === 0 ? (
          <Typography color="text.secondary" data-testid="in-call-empty">
            {t('videoVisit.nobodyYet')}
          </Typography>
        ) : (
          <List dense data-testid="in-call">
            {inCall.map((p) => (
              <ListItem key={p.participant_id} disableGutters>
                <ListItemAvatar>
                  <Avatar aria-hidden>{p.name.slice(0, 1)}</Avatar>
                </ListItemAvatar>
                <ListItemText primary={p.name} secondary={t(`videoVisit.roles.${p.role}`)} />
              </ListItem>
            ))}
          </List>
        )}
      </section>
      <Button
        component={RouterLink}
        to={`/meeting/readiness/${appointmentId}`}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('videoVisit.checkAgain')}
      </Button>
    </Stack>
  );
}
