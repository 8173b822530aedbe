import { type LogHoldup, type ProjectionStatus, STATUS_MESSAGES } from '@medbook/contracts';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useObservableState } from 'observable-hooks';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Subject } from 'rxjs';
import { settled } from '../../../live/settled';
import { ApiError } from '../../../shared/api-client';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { parkEvent } from '../api/get-health';
import { connection$ } from '../../../live/live-socket';
import { health$ } from '../streams/health.stream';
import { AuditVerification } from './audit-verification';
import { BackfillProgress } from './backfill-progress';
import { localeStamp } from '../health-format';

/**
 * How often the page reads the health again. No push says when a transaction starts holding the
 * log back, nor when it ends: now and then, and often while one does.
 */
const REFRESH_MS = 15_000;
const HELD_BACK_REFRESH_MS = 5_000;

export function HealthPage() {
  const { t } = useTranslation();
  const refresh = useMemo(() => new Subject<void>(), []);
  const health = useObservableState(useMemo(() => settled(health$(refresh)), [refresh]));
  const connection = useObservableState(connection$);
  const report = health?.value;
  const heldBack = report?.event_store.held_back ?? null;
  const held = heldBack !== null;
  const refused = health?.error !== undefined && isRefused(health.error);
  useEffect(() => {
    if (refused) return;
    const timer = setInterval(() => refresh.next(), held ? HELD_BACK_REFRESH_MS : REFRESH_MS);
    return () => clearInterval(timer);
  }, [held, refused, refresh]);
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          {t('health.title')}
        </Typography>
        <Chip
          data-testid="live-state"
          label={t(`health.live.${connection ?? 'connecting'}`)}
          color={connection === 'live' ? 'success' : 'default'}
          variant="outlined"
        />
      </Stack>
      {health?.error !== undefined &&
        (isRefused(health.error) ? (
          <Alert severity="info" data-testid="health-operators-only">
            {t('health.operatorsOnly')}
          </Alert>
        ) : (
          <Alert severity="error">{t('health.unreachable')}</Alert>
        ))}
      <Grid container spacing={2}>
        <Summary title={t('health.service')}>
          <Chip
            data-testid="health-status"
            label={report ? t(`health.status.${report.status}`) : '…'}
            color={report?.status === 'ok' ? 'success' : 'error'}
          />
        </Summary>
        <Summary title={t('health.database')}>
          <Typography variant="h5" component="p" data-testid="database-state">
            {report ? t(`health.databaseState.${report.database}`) : '…'}
          </Typography>
        </Summary>
        <Summary title={t('health.head')}>
          <Typography variant="h5" component="p" data-testid="head-position">
            {report?.event_store.head_position ?? '…'}
          </Typography>
        </Summary>
      </Grid>
      {heldBack && <HeldBack holdup={heldBack} />}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('health.projections')}
          </Typography>
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('health.columns.name')}</TableCell>
                  <TableCell>{t('health.columns.state')}</TableCell>
                  <TableCell align="right">{t('health.columns.position')}</TableCell>
                  <TableCell align="right">{t('health.columns.lagEvents')}</TableCell>
                  <TableCell align="right">{t('health.columns.lagMs')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(report?.projections ?? []).map((projection) => (
                  <TableRow key={projection.name} data-testid={`projection-${projection.name}`}>
                    <TableCell>{projection.name}</TableCell>
                    <TableCell>
                      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                        {t(`health.states.${projection.state}`)}
                      </Box>
                      {projection.backfill && (
                        <BackfillProgress name={projection.name} backfill={projection.backfill} />
                      )}
                    </TableCell>
                    <TableCell align="right" data-testid={`projection-position-${projection.name}`}>
                      {projection.position}
                    </TableCell>
                    <TableCell align="right">{projection.lag_events}</TableCell>
                    <TableCell align="right">{projection.lag_ms}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </CardContent>
      </Card>
      {report && <AuditVerification />}
      {(report?.projections ?? [])
        .filter((projection) => projection.failing_event)
        .map((projection) => (
          <StuckProjection key={projection.name} projection={projection} />
        ))}
      {(report?.projections ?? []).some((p) => p.parked_events.length > 0) && (
        <Card variant="outlined" data-testid="parked-events">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('health.parkedEvents')}
            </Typography>
            <List dense disablePadding>
              {(report?.projections ?? []).flatMap((projection) =>
                projection.parked_events.map((parked) => (
                  <ListItem key={`${projection.name}:${parked.position}`} disableGutters>
                    <ListItemText
                      primary={t('health.parkedEvent', {
                        name: projection.name,
                        position: parked.position,
                        type: parked.type,
                      })}
                      secondary={`${parked.reason} · ${localeStamp(parked.parked_at)}`}
                    />
                  </ListItem>
                )),
              )}
            </List>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}

/** Committed events readers cannot take yet, and the open transaction they wait behind. */
function HeldBack({ holdup }: { holdup: LogHoldup }) {
  const { t } = useTranslation();
  const { transaction } = holdup;
  const stamp = (at: string | null) => (at ? localeStamp(at) : '…');
  return (
    <Alert severity="warning" data-testid="log-held-back">
      <AlertTitle>{t('health.heldBack.title')}</AlertTitle>
      <Typography variant="body2">
        {t('health.heldBack.waiting', {
          count: holdup.waiting_events,
          date: stamp(holdup.waiting_since),
        })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {transaction.pid !== null
          ? t('health.heldBack.session', {
              pid: transaction.pid,
              application: transaction.application_name || t('health.heldBack.unnamed'),
              state: transaction.state ?? '…',
              date: stamp(transaction.started_at),
            })
          : t('health.heldBack.unseen')}
      </Typography>
    </Alert>
  );
}

/** A projection retrying one event: what it is, why it fails, and parking it with a reason. */
function StuckProjection({ projection }: { projection: ProjectionStatus }) {
  const { t } = useTranslation();
  const failing = projection.failing_event!;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tooShort = reason.trim().length < 3;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (tooShort) return;
    setBusy(true);
    setError(null);
    try {
      await parkEvent(projection.name, failing.position, reason.trim());
    } catch (caught) {
      setError(errorMessageOf(caught, STATUS_MESSAGES[500]));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Alert
      severity="error"
      data-testid={`stuck-${projection.name}`}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle>
        {t('health.stuck', {
          name: projection.name,
          position: failing.position,
          type: failing.type,
        })}
      </AlertTitle>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {failing.error}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('health.since', { date: localeStamp(failing.since), count: failing.attempts })}
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <TextField
          size="small"
          label={t('health.parkReason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{
            htmlInput: { maxLength: 500, 'data-testid': `park-reason-${projection.name}` },
          }}
          sx={{ flex: 1, bgcolor: 'background.paper' }}
        />
        <Button
          type="submit"
          variant="contained"
          sx={{ bgcolor: 'error.dark', '&:hover': { bgcolor: '#8e1b1b' } }}
          disabled={busy || tooShort}
        >
          {t('health.park')}
        </Button>
      </Stack>
      {error && (
        <Typography variant="body2" role="alert" sx={{ mt: 1 }}>
          {translateText(error)}
        </Typography>
      )}
    </Alert>
  );
}

/** Not signed in, or not an operator: details are not for this caller (retrying will not help). */
function isRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

function Summary({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: 12, md: 4 }}>
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="overline" color="text.secondary">
            {title}
          </Typography>
          <div>{children}</div>
        </CardContent>
      </Card>
    </Grid>
  );
}
