import type { AuditVerificationReport } from '@medbook/contracts';
import { Alert, AlertTitle, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { getAuditVerification } from '../api/get-health';

/**
 * The log's tamper evidence: the last `npm run audit:verify` (intact, or the first tampered event
 * it named) and the last seal. Read when the page opens: a verification is a rare, manual event.
 */
export function AuditVerification() {
  const [report, setReport] = useState<AuditVerificationReport | null>(null);
  useEffect(() => {
    let live = true;
    getAuditVerification().then(
      (answer) => live && setReport(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!report) return null;
  const verification = report.last_verification;
  const seal = report.last_seal;
  const problem = verification?.first_problem;
  return (
    <Card variant="outlined" data-testid="audit-verification">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            Log integrity
          </Typography>
          <Chip
            data-testid="audit-verification-state"
            label={!verification ? 'not verified' : verification.ok ? 'intact' : 'tampered'}
            color={!verification ? 'default' : verification.ok ? 'success' : 'error'}
          />
        </Stack>
        {!verification && (
          <Typography variant="body2">
            The log has not been verified yet: run <code>npm run audit:verify</code>.
          </Typography>
        )}
        {verification && (
          <Typography variant="body2" data-testid="audit-verification-summary">
            Last verified {new Date(verification.finished_at).toLocaleString()}:{' '}
            {verification.events} events in {verification.streams} streams, {verification.seals}{' '}
            {verification.seals === 1 ? 'seal' : 'seals'} checked.
          </Typography>
        )}
        {problem && (
          <Alert severity="error" data-testid="audit-first-problem" sx={{ mt: 1 }}>
            <AlertTitle>
              Stream {problem.stream_id}, revision {problem.revision}
              {problem.position !== null && `, position ${problem.position}`}
            </AlertTitle>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {problem.problem}
              {verification.problems > 1 && ` (${verification.problems - 1} more problems)`}
            </Typography>
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {seal
            ? `Last sealed ${new Date(seal.sealed_at).toLocaleString()}, through position ${seal.through.position} (${seal.total_events} events).`
            : 'Not sealed yet.'}
        </Typography>
      </CardContent>
    </Card>
  );
}
