import type { AuditVerificationReport } from '@medbook/contracts';
import { Alert, AlertTitle, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from '../../../shared/i18n';
import { getAuditVerification } from '../api/get-health';
import { localeStamp } from '../health-format';

/**
 * The log's tamper evidence: the last `npm run audit:verify` (intact, or the first tampered event
 * it named) and the last seal. Read when the page opens: a verification is a rare, manual event.
 */
export function AuditVerification() {
  const { t } = useTranslation();
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
            {t('health.integrity.title')}
          </Typography>
          <Chip
            data-testid="audit-verification-state"
            label={
              !verification
                ? t('health.integrity.notVerified')
                : verification.ok
                  ? t('health.integrity.intact')
                  : t('health.integrity.tampered')
            }
            color={!verification ? 'default' : verification.ok ? 'success' : 'error'}
          />
        </Stack>
        {!verification && (
          <Typography variant="body2">
            <Trans i18nKey="health.integrity.runVerify" components={{ code: <code /> }} />
          </Typography>
        )}
        {verification && (
          <Typography variant="body2" data-testid="audit-verification-summary">
            {t('health.integrity.lastVerified', {
              date: localeStamp(verification.finished_at),
              events: verification.events,
              streams: verification.streams,
              count: verification.seals,
            })}
          </Typography>
        )}
        {problem && (
          <Alert severity="error" data-testid="audit-first-problem" sx={{ mt: 1 }}>
            <AlertTitle>
              {problem.position === null
                ? t('health.integrity.problem', {
                    stream: problem.stream_id,
                    revision: problem.revision,
                  })
                : t('health.integrity.problemAt', {
                    stream: problem.stream_id,
                    revision: problem.revision,
                    position: problem.position,
                  })}
            </AlertTitle>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {problem.problem}
              {verification.problems > 1 &&
                ` ${t('health.integrity.moreProblems', { count: verification.problems - 1 })}`}
            </Typography>
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {seal
            ? t('health.integrity.sealed', {
                date: localeStamp(seal.sealed_at),
                position: seal.through.position,
                events: seal.total_events,
              })
            : t('health.integrity.notSealed')}
        </Typography>
      </CardContent>
    </Card>
  );
}
