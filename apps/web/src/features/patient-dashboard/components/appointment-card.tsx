import { type AppointmentView, appointmentCode, onWalkInBoard } from '@medbook/contracts';
import EventIcon from '@mui/icons-material/Event';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Stack,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import type { ReactNode } from 'react';
import { mayChange } from '../appointment-sections';
import { StatusChip } from '../../../shared/status-chip';

interface Props {
  readonly appointment: AppointmentView;
  readonly selfId: string;
  readonly onCancel: () => void;
  readonly onReschedule: () => void;
  readonly onCheckIn: () => void;
  /** Today's visit within its check-in window, where the patient may check in themself. */
  readonly checkInOpen: boolean;
  readonly onShowPass: () => void;
  /** A walk-in's live place in line (the walk-in queue's, composed by the route). */
  readonly placeInLine?: (appointment: AppointmentView) => ReactNode;
  /** A video visit's way in (the telehealth feature's, composed by the route). */
  readonly videoVisit?: (appointment: AppointmentView) => ReactNode;
  /** The appointment's timeline (the audit feature's, composed by the route). */
  readonly history?: (appointment: AppointmentView) => ReactNode;
}

export function AppointmentCard(props: Props) {
  const { appointment: a, selfId } = props;
  const now = DateTime.now();
  const start = DateTime.fromISO(a.start_date, { zone: a.time_zone });
  const provider = a.provider_name ?? 'Your provider';
  const forMember = a.patient_id !== selfId;
  const video = props.videoVisit?.(a) ?? null;
  const history = props.history?.(a) ?? null;
  const actions =
    props.checkInOpen ||
    a.status === 'Checked-In' ||
    mayChange(a, now) ||
    video !== null ||
    history !== null;
  return (
    <Card variant="outlined" data-testid="appointment-card" data-appointment-id={a.appointment_id}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Avatar sx={{ bgcolor: 'primary.light' }} aria-hidden>
            <EventIcon />
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {provider}
              </Typography>
              <StatusChip status={a.status} />
              {forMember && a.patient_name && (
                <Chip size="small" variant="outlined" label={`For ${a.patient_name}`} />
              )}
            </Stack>
            <Typography data-testid="appointment-start">
              {start.toFormat('EEEE, MMMM d, y')} · {start.toFormat('h:mm a')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {a.visit_type} visit{a.reason ? ` · ${a.reason}` : ''}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="appointment-code">
              Code {appointmentCode(a.appointment_id)}
            </Typography>
            {a.status === 'Rejected' && a.rejection_reason && (
              <Alert
                severity="info"
                variant="outlined"
                sx={{ mt: 1, py: 0, '& .MuiAlert-message': { whiteSpace: 'pre-line' } }}
                data-testid="rejection-reason"
              >
                <strong>The practice declined this request:</strong> {a.rejection_reason}
              </Alert>
            )}
            {a.visit_schedule_type === 'WalkIn' &&
              onWalkInBoard(a.status) &&
              props.placeInLine?.(a)}
          </Box>
        </Stack>
      </CardContent>
      {actions && (
        <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {video}
          {props.checkInOpen && (
            <Button variant="contained" size="small" onClick={props.onCheckIn}>
              I&apos;m here
            </Button>
          )}
          {a.status === 'Checked-In' && (
            <Button variant="contained" size="small" onClick={props.onShowPass}>
              Check-in pass
            </Button>
          )}
          {mayChange(a, now) && (
            <>
              <Button
                size="small"
                onClick={props.onReschedule}
                aria-label={`Reschedule ${provider} on ${start.toFormat('MMMM d, h:mm a')}`}
              >
                Reschedule
              </Button>
              <Button
                size="small"
                color="error"
                onClick={props.onCancel}
                aria-label={`Cancel ${provider} on ${start.toFormat('MMMM d, h:mm a')}`}
              >
                Cancel
              </Button>
            </>
          )}
          {history}
        </CardActions>
      )}
    </Card>
  );
}
