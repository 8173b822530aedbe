import type {
  AppointmentPage,
  AppointmentView,
  RequestDecisionStatus,
  UserView,
} from '@medbook/contracts';
import { Alert, Box, Button, Pagination, Paper, Stack, Typography } from '@mui/material';
import { useObservableCallback, useObservableState } from 'observable-hooks';
import { useEffect, useMemo, useState } from 'react';
import { settled } from '../../../live/settled';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { workspaceApi } from '../api/workspace-api';
import { unseenRequestIds } from '../notification-rules';
import { type DecisionFailure, outcomeSummary } from '../request-decisions';
import { practiceRead$ } from '../streams/practice-live.stream';
import { RejectDialog } from './reject-dialog';
import { RequestList } from './request-list';

const PAGE_SIZE = 10;

/**
 * Pending requests, live: Accept at once, Reject after a confirmation with the reason the patient
 * reads; several at once from the checkboxes, each decided on its own (a failure is shown on its
 * row and leaves the others decided). Opening the page marks request notifications Seen.
 */
export function RequestsPage({ user }: { user: UserView & { practice_id: string } }) {
  const practiceId = user.practice_id;
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [rejecting, setRejecting] = useState<readonly AppointmentView[] | null>(null);
  const [failures, setFailures] = useState<readonly DecisionFailure[]>([]);
  const [changed, changed$] = useObservableCallback<number>();
  const listed = useObservableState(
    useMemo(
      () =>
        settled(
          practiceRead$<AppointmentPage>(
            practiceId,
            (position) => workspaceApi.requests(pageNo, PAGE_SIZE, position),
            changed$,
          ),
        ),
      [practiceId, pageNo, changed$],
    ),
  );
  const page = listed?.value;
  const error = listed?.error;
  const requests = useMemo(() => page?.appointments ?? [], [page]);

  // Section 4.7: pending requests become Seen while the user is on this page.
  useEffect(() => {
    workspaceApi
      .notifications(practiceId)
      .then((all) => {
        const ids = unseenRequestIds(all);
        return ids.length ? workspaceApi.markSeen(practiceId, ids) : null;
      })
      .catch(() => undefined);
  }, [practiceId, page?.total_records]);

  const decide = async (
    chosen: readonly AppointmentView[],
    status: RequestDecisionStatus,
    reason?: string,
  ) => {
    setBusy(true);
    try {
      const ids = chosen.map((a) => a.appointment_id);
      const result = await workspaceApi.decideRequests(ids, status, reason);
      const summary = outcomeSummary(status, result.outcomes, requests, t);
      if (summary.done) toast.success(summary.done);
      setFailures(summary.failures);
      const failed = new Set(summary.failures.map((f) => f.appointmentId));
      setSelected((current) => new Set([...current].filter((id) => failed.has(id))));
      setRejecting(null);
      changed(result.position);
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };

  // A request decided elsewhere leaves the list, and so what is chosen.
  const chosen = requests.filter((a) => selected.has(a.appointment_id));
  const pages = page ? Math.max(1, Math.ceil(page.total_records / PAGE_SIZE)) : 1;
  if (page && pageNo > pages) setPageNo(pages);
  const problemOf = (id: string) => failures.find((f) => f.appointmentId === id)?.text ?? null;
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t('workspace.requests.title')}
        </Typography>
        <Typography color="text.secondary" data-testid="requests-summary">
          {page
            ? t('workspace.requests.pending', { count: page.total_records })
            : t('workspace.requests.loading')}
        </Typography>
      </div>
      {error !== undefined && (
        <Alert severity="error">{translateText(errorMessageOf(error))}</Alert>
      )}
      {failures.length > 0 && (
        <Alert severity="warning" onClose={() => setFailures([])} data-testid="request-failures">
          {failures.length === 1
            ? translateText(failures[0]!.text)
            : t('workspace.requests.failures', { count: failures.length })}
        </Alert>
      )}
      {page && requests.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 2 }}>
          <Typography color="text.secondary" data-testid="list-empty">
            {t('workspace.requests.none')}
          </Typography>
        </Paper>
      )}
      {page && requests.length > 0 && (
        <>
          <Box
            sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minHeight: 40 }}
            role="toolbar"
            aria-label={t('workspace.requests.selectedToolbar')}
          >
            <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }} aria-live="polite">
              {chosen.length === 0
                ? t('workspace.requests.selectHint')
                : t('workspace.requests.selected', { count: chosen.length })}
            </Typography>
            {chosen.length > 0 && (
              <>
                <Button
                  size="small"
                  variant="contained"
                  disabled={busy}
                  onClick={() => void decide(chosen, 'Accepted')}
                  data-testid="accept-selected"
                >
                  {t('workspace.requests.acceptN', { count: chosen.length })}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  disabled={busy}
                  onClick={() => setRejecting(chosen)}
                  data-testid="reject-selected"
                >
                  {t('workspace.requests.rejectN', { count: chosen.length })}
                </Button>
              </>
            )}
          </Box>
          <RequestList
            requests={requests}
            selected={selected}
            onToggle={(id) =>
              setSelected((current) => {
                const next = new Set(current);
                if (!next.delete(id)) next.add(id);
                return next;
              })
            }
            onToggleAll={(all) =>
              setSelected(all ? new Set(requests.map((a) => a.appointment_id)) : new Set())
            }
            problemOf={problemOf}
            actions={(a) => (
              <>
                <Button
                  size="small"
                  variant="contained"
                  disabled={busy}
                  onClick={() => void decide([a], 'Accepted')}
                  aria-label={t('workspace.requests.acceptOf', {
                    who: a.patient_name ?? t('workspace.patient'),
                  })}
                  data-testid="accept-request"
                >
                  {t('workspace.requests.accept')}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  disabled={busy}
                  onClick={() => setRejecting([a])}
                  aria-label={t('workspace.requests.rejectOf', {
                    who: a.patient_name ?? t('workspace.patient'),
                  })}
                  data-testid="reject-request"
                >
                  {t('workspace.requests.reject')}
                </Button>
              </>
            )}
          />
        </>
      )}
      {page && pages > 1 && (
        <Pagination
          count={pages}
          page={pageNo}
          onChange={(_e, n) => setPageNo(n)}
          color="primary"
          sx={{ alignSelf: 'center' }}
        />
      )}
      {rejecting && (
        <RejectDialog
          who={rejecting[0]?.patient_name ?? t('workspace.thePatient')}
          count={rejecting.length}
          busy={busy}
          onClose={() => setRejecting(null)}
          onConfirm={(reason) => void decide(rejecting, 'Rejected', reason)}
        />
      )}
    </Stack>
  );
}
