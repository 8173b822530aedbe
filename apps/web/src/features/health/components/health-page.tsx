import {
  Alert,
  Card,
  CardContent,
  Chip,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { settled } from '../../../live/settled';
import { ApiError } from '../../../shared/api-client';
import { connection$ } from '../../../live/live-socket';
import { health$ } from '../streams/health.stream';

const LIVE_LABEL = { connecting: 'Connecting', live: 'Live', reconnecting: 'Reconnecting' };

export function HealthPage() {
  const health = useObservableState(useMemo(() => settled(health$()), []));
  const connection = useObservableState(connection$);
  const report = health?.value;
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          System status
        </Typography>
        <Chip
          data-testid="live-state"
          label={LIVE_LABEL[connection ?? 'connecting']}
          color={connection === 'live' ? 'success' : 'default'}
          variant="outlined"
        />
      </Stack>
      {health?.error !== undefined &&
        (isRefused(health.error) ? (
          <Alert severity="info" data-testid="health-operators-only">
            System details are for operators. Sign in as a super user or support agent to see them.
          </Alert>
        ) : (
          <Alert severity="error">
            The service could not be reached. Retrying when it is back.
          </Alert>
        ))}
      <Grid container spacing={2}>
        <Summary title="Service">
          <Chip
            data-testid="health-status"
            label={report?.status ?? '…'}
            color={report?.status === 'ok' ? 'success' : 'warning'}
          />
        </Summary>
        <Summary title="Database">
          <Typography variant="h5" data-testid="database-state">
            {report?.database ?? '…'}
          </Typography>
        </Summary>
        <Summary title="Event store head">
          <Typography variant="h5" data-testid="head-position">
            {report?.event_store.head_position ?? '…'}
          </Typography>
        </Summary>
      </Grid>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Projections
          </Typography>
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>State</TableCell>
                  <TableCell align="right">Position</TableCell>
                  <TableCell align="right">Lag (events)</TableCell>
                  <TableCell align="right">Lag (ms)</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(report?.projections ?? []).map((projection) => (
                  <TableRow key={projection.name} data-testid={`projection-${projection.name}`}>
                    <TableCell>{projection.name}</TableCell>
                    <TableCell>{projection.state}</TableCell>
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
    </Stack>
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
