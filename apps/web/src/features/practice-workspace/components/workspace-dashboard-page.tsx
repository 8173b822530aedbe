import type { ReactNode } from 'react';
import type {
  AppointmentPage,
  AppointmentStatus,
  AppointmentView,
  UserView,
} from '@medbook/contracts';
import { Alert, Box, Chip, Pagination, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useObservableCallback, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { NEVER } from 'rxjs';
import { connection$ } from '../../../live/live-socket';
import { settled } from '../../../live/settled';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { DATE_FORMATS, formatDate } from '../../../shared/i18n/dates';
import { toast } from '../../../shared/toast';
import { useCommand } from '../../../shared/use-command';
import { workspaceApi } from '../api/workspace-api';
import { practiceRead$ } from '../streams/practice-live.stream';
import {
  defaultFilters,
  listScope,
  type ListFilters,
  rangeError,
  type WorkspaceType,
} from '../workspace-rules';
import { AppointmentFilters } from './appointment-filters';
import { AppointmentList } from './appointment-list';
import { CountsStrip } from './counts-strip';
import { RejectDialog } from './reject-dialog';
import { StatusChangeMenu } from './status-change-menu';

const PAGE_SIZE = 10;

/** The provider's, staff member's and practice admin's home: today's counts and the list, live. */
export function WorkspaceDashboardPage({
  user,
  type,
  aside,
  rowExtra,
}: {
  user: UserView & { practice_id: string };
  type: WorkspaceType;
  /** What the route composes in from other features (the provider's virtual waiting room). */
  aside?: ReactNode;
  /** More for each row from other features (an admin's view of its history). */
  rowExtra?: (appointment: AppointmentView) => ReactNode;
}) {
  const [filters, setFilters] = useState<ListFilters>(() => defaultFilters(DateTime.now()));
  const [pageNo, setPageNo] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  // A rejection asks first, with the reason the patient reads.
  const [rejecting, setRejecting] = useState<AppointmentView | null>(null);
  const [changed, changed$] = useObservableCallback<void>();
  const invalid = rangeError(filters);
  const { t } = useTranslation();

  const counts$ = useMemo(
    () =>
      practiceRead$(user.practice_id, (position) =>
        type === 'Provider'
          ? workspaceApi.doctorCounts(user.id, position)
          : workspaceApi.practiceCounts(position),
      ),
    [user.practice_id, user.id, type],
  );
  const page$ = useMemo(
    () =>
      // Filters out of range read nothing: the filters say what is wrong.
      invalid
        ? NEVER
        : settled(
            practiceRead$<AppointmentPage>(
              user.practice_id,
              (position) =>
                workspaceApi.appointments(listScope(type), filters, pageNo, PAGE_SIZE, position),
              changed$,
            ),
          ),
    [invalid, user.practice_id, type, filters, pageNo, changed$],
  );
  const counts = useObservableState(counts$);
  const listed = useObservableState(page$);
  const page = listed?.value;
  const error = listed?.error;
  const connection = useObservableState(connection$);
  const changeStatus = useCommand(workspaceApi.changeStatus);

  const change = async (appointmentId: string, status: AppointmentStatus, reason?: string) => {
    setBusy(appointmentId);
    const outcome = await changeStatus.run(appointmentId, status, reason);
    setBusy(null);
    if (!outcome.ok) return toast.error(outcome.error);
    setRejecting(null);
    toast.success(t('workspace.statusChanged', { status: translateText(status) }));
    changed();
  };

  const pages = page ? Math.max(1, Math.ceil(page.total_records / PAGE_SIZE)) : 1;
  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <div>
          <Typography variant="h4" component="h1" data-testid="dashboard-greeting">
            {t('workspace.welcome', { name: user.name.first_name })}
          </Typography>
          <Typography color="text.secondary">
            {formatDate(DateTime.now(), 'EEEE, MMMM d', DATE_FORMATS.weekdayMonthDay)} ·{' '}
            {t(`workspace.titles.${type}`)}
          </Typography>
        </div>
        <Box>
          <Chip
            size="small"
            variant="outlined"
            color={connection === 'live' ? 'success' : 'default'}
            label={connection === 'live' ? t('workspace.live') : t('workspace.reconnecting')}
            data-testid="live-state"
          />
        </Box>
      </Stack>
      <CountsStrip counts={counts} />
      {aside}
      <Stack spacing={2} component="section" aria-labelledby="list-title">
        <Typography id="list-title" variant="h6" component="h2">
          {t('workspace.appointments')}
          {page && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              ({page.total_records})
            </Typography>
          )}
        </Typography>
        <AppointmentFilters
          filters={filters}
          error={invalid}
          onChange={(next) => {
            setFilters(next);
            setPageNo(1);
          }}
          onReset={() => {
            setFilters(defaultFilters(DateTime.now()));
            setPageNo(1);
          }}
        />
        {error !== undefined && (
          <Alert severity="error">{translateText(errorMessageOf(error))}</Alert>
        )}
        {page && (
          <AppointmentList
            appointments={page.appointments}
            showProvider={type !== 'Provider'}
            empty={t('workspace.noMatch')}
            actions={{
              render: (a) => (
                <>
                  <StatusChangeMenu
                    appointment={a}
                    busy={busy === a.appointment_id}
                    onChange={(status) =>
                      status === 'Rejected'
                        ? setRejecting(a)
                        : void change(a.appointment_id, status)
                    }
                  />
                  {rowExtra?.(a)}
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
      {rejecting && (
        <RejectDialog
          who={rejecting.patient_name ?? t('workspace.thePatient')}
          count={1}
          busy={busy === rejecting.appointment_id}
          onClose={() => setRejecting(null)}
          onConfirm={(reason) => void change(rejecting.appointment_id, 'Rejected', reason)}
        />
      )}
    </Stack>
  );
}
