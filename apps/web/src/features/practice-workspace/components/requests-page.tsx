import type { AppointmentPage, AppointmentStatus, UserView } from '@medbook/contracts';
import { Alert, Button, Pagination, Stack, Typography } from '@mui/material';
import { useObservableCallback, useObservableState } from 'observable-hooks';
import { useEffect, useMemo, useState } from 'react';
import { settled } from '../../../live/settled';
import { errorMessageOf } from '../../../shared/error-message';
import { toast } from '../../../shared/toast';
import { useCommand } from '../../../shared/use-command';
import { workspaceApi } from '../api/workspace-api';
import { unseenRequestIds } from '../notification-rules';
import { practiceRead$ } from '../streams/practice-live.stream';
import { AppointmentList } from './appointment-list';

const PAGE_SIZE = 10;
const DONE: Partial<Record<AppointmentStatus, string>> = {
  Accepted: 'Appointment request accepted.',
  Rejected: 'Appointment request rejected.',
};

/** Pending requests with Accept and Reject, live; opening the page marks request notifications Seen. */
export function RequestsPage({ user }: { user: UserView & { practice_id: string } }) {
  const practiceId = user.practice_id;
  const [pageNo, setPageNo] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const [changed, changed$] = useObservableCallback<void>();
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
  const changeStatus = useCommand(workspaceApi.changeStatus);

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

  const decide = async (appointmentId: string, status: 'Accepted' | 'Rejected') => {
    setBusy(appointmentId);
    const outcome = await changeStatus.run(appointmentId, status);
    setBusy(null);
    if (!outcome.ok) return toast.error(outcome.error);
    toast.success(DONE[status]!);
    changed();
  };

  const pages = page ? Math.max(1, Math.ceil(page.total_records / PAGE_SIZE)) : 1;
  if (page && pageNo > pages) setPageNo(pages);
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          Appointment requests
        </Typography>
        <Typography color="text.secondary" data-testid="requests-summary">
          {page
            ? `${page.total_records} pending ${page.total_records === 1 ? 'request' : 'requests'}`
            : 'Loading...'}
        </Typography>
      </div>
      {error !== undefined && <Alert severity="error">{errorMessageOf(error)}</Alert>}
      {page && (
        <AppointmentList
          appointments={page.appointments}
          showProvider
          empty="No pending requests. New requests appear here as patients send them."
          actions={{
            render: (a) => (
              <>
                <Button
                  size="small"
                  variant="contained"
                  disabled={busy === a.appointment_id}
                  onClick={() => void decide(a.appointment_id, 'Accepted')}
                  aria-label={`Accept ${a.patient_name ?? 'patient'}'s request`}
                  data-testid="accept-request"
                >
                  Accept
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  disabled={busy === a.appointment_id}
                  onClick={() => void decide(a.appointment_id, 'Rejected')}
                  aria-label={`Reject ${a.patient_name ?? 'patient'}'s request`}
                  data-testid="reject-request"
                >
                  Reject
                </Button>
              </>
            ),
          }}
        />
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
    </Stack>
  );
}
