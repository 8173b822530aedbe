import type { CheckInSummaryRow } from '@medbook/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useObservableCallback, useObservableState } from 'observable-hooks';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { connection$ } from '../../../live/live-socket';
import { settled } from '../../../live/settled';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';
import { arrivalNotices$, checkInSummary$ } from '../streams/check-in-summary.stream';
import { DetailsDialog, EntryActions, InformationCell } from './check-in-summary-extras';

export const DIGITAL_CHECK_IN_SETTINGS_PATH = '/practice-admin/digital-checkin/settings';

const timeOf = (row: CheckInSummaryRow) =>
  formatDate(DateTime.fromISO(row.start_date, { zone: row.time_zone }), 'h:mm a', {
    hour: 'numeric',
    minute: '2-digit',
  });

function Mark(props: { done: boolean; label: string }) {
  const { t } = useTranslation();
  return props.done ? (
    <CheckCircle color="success" titleAccess={t('checkIn.summary.done', { label: props.label })} />
  ) : (
    <RadioButtonUnchecked
      color="disabled"
      titleAccess={t('checkIn.summary.notYet', { label: props.label })}
    />
  );
}

/** Spec: the Check-In Summary: each patient of the day and how far their check-in has come, live. */
export function CheckInSummaryPage(props: { practiceId: string; admin?: boolean }) {
  const [date, setDate] = useState(() => DateTime.now().toISODate());
  const [, refresh$] = useObservableCallback<void>();
  const { t } = useTranslation();
  const shown = useObservableState(
    useMemo(
      () => settled(checkInSummary$(props.practiceId, date, refresh$)),
      [props.practiceId, date, refresh$],
    ),
  );
  const connection = useObservableState(connection$);
  // A phone gets one card per patient: eight columns do not fit 375 px.
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const rows = shown?.value?.rows;
  const notices = useArrivalNotices(props.practiceId, rows);
  // The details dialog's patient: kept here, so the dialog outlives the table/cards switch.
  const [details, setDetails] = useState<CheckInSummaryRow | null>(null);
  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <div>
          <Typography variant="h4" component="h1">
            {t('checkIn.summary.title')}
          </Typography>
          <Typography color="text.secondary">{t('checkIn.summary.intro')}</Typography>
        </div>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <TextField
            type="date"
            label={t('checkIn.summary.day')}
            size="small"
            value={date}
            onChange={(event) => event.target.value && setDate(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {props.admin && (
            <Button component={RouterLink} to={DIGITAL_CHECK_IN_SETTINGS_PATH} size="small">
              {t('checkIn.summary.settings')}
            </Button>
          )}
          <Chip
            size="small"
            color={connection === 'live' ? 'success' : 'default'}
            label={
              connection === 'live' ? t('checkIn.summary.live') : t('checkIn.summary.connecting')
            }
          />
        </Stack>
      </Stack>
      <Stack spacing={1} role="status" aria-live="polite">
        {notices.list.map((notice) => (
          <Alert
            key={notice.appointment_id}
            severity="info"
            onClose={() => notices.dismiss(notice.appointment_id)}
            data-testid="arrival-notice"
          >
            {notice.text}
          </Alert>
        ))}
      </Stack>
      {shown?.error ? (
        <Alert severity="error">{translateText(errorMessageOf(shown.error))}</Alert>
      ) : !rows ? (
        <CircularProgress aria-label={t('checkIn.summary.loading')} />
      ) : rows.length === 0 ? (
        <Alert severity="info">{t('checkIn.summary.none')}</Alert>
      ) : narrow ? (
        <Stack
          spacing={1.5}
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label={t('checkIn.summary.title')}
        >
          {rows.map((row) => (
            <SummaryCard key={row.appointment_id} row={row} onDetails={() => setDetails(row)} />
          ))}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('checkIn.summary.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('checkIn.summary.time')}</TableCell>
                <TableCell>{t('checkIn.summary.patient')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {t('checkIn.summary.provider')}
                </TableCell>
                <TableCell align="center">{t('checkIn.summary.consents')}</TableCell>
                <TableCell align="center">{t('checkIn.summary.copay')}</TableCell>
                <TableCell align="center">{t('checkIn.summary.insuranceCard')}</TableCell>
                <TableCell align="center">{t('checkIn.summary.forms')}</TableCell>
                <TableCell align="center">{t('checkIn.summary.information')}</TableCell>
                <TableCell align="center">{t('checkIn.summary.arrived')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <SummaryRow key={row.appointment_id} row={row} onDetails={() => setDetails(row)} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {details && (
        <DetailsDialog
          appointmentId={details.appointment_id}
          name={details.patient_name || t('checkIn.summary.patient')}
          onClose={() => setDetails(null)}
        />
      )}
    </Stack>
  );
}

function SummaryCard({ row, onDetails }: { row: CheckInSummaryRow; onDetails: () => void }) {
  const { t } = useTranslation();
  const steps: [string, string, boolean][] = [
    ['copay', t('checkIn.summary.copay'), row.copay_paid],
    ['insurance', t('checkIn.summary.insuranceCard'), row.insurance_card],
    ['forms', t('checkIn.summary.forms'), row.forms_done],
    ['arrived', t('checkIn.summary.arrived'), row.arrived],
  ];
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.5 }}
      data-testid={`summary-row-${row.appointment_id}`}
    >
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}
      >
        <Box component="span" sx={{ fontWeight: 500 }}>
          {row.patient_name || t('checkIn.summary.patient')}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {timeOf(row)} · {translateText(row.status)}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Chip
          size="small"
          data-testid="summary-consents"
          color={row.consents_signed >= row.consents_required ? 'success' : 'default'}
          label={t('checkIn.summary.consentsCount', {
            signed: row.consents_signed,
            required: row.consents_required,
          })}
        />
        {steps.map(([id, label, done]) => (
          <Chip
            key={id}
            size="small"
            variant={done ? 'filled' : 'outlined'}
            color={done ? 'success' : 'default'}
            data-testid={`summary-${id}`}
            data-done={done}
            icon={done ? <CheckCircle /> : <RadioButtonUnchecked />}
            label={label}
          />
        ))}
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <InformationCell row={row} onDetails={onDetails} />
        <EntryActions row={row} />
      </Stack>
    </Paper>
  );
}

function SummaryRow({ row, onDetails }: { row: CheckInSummaryRow; onDetails: () => void }) {
  const consentsDone = row.consents_signed >= row.consents_required;
  const { t } = useTranslation();
  return (
    <TableRow data-testid={`summary-row-${row.appointment_id}`}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{timeOf(row)}</TableCell>
      <TableCell>
        <Box component="span" sx={{ fontWeight: 500 }}>
          {row.patient_name || t('checkIn.summary.patient')}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {translateText(row.status)}
        </Typography>
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
        {row.provider_name ?? ''}
      </TableCell>
      <TableCell align="center" data-testid="summary-consents">
        <Chip
          size="small"
          color={consentsDone ? 'success' : 'default'}
          label={`${row.consents_signed}/${row.consents_required}`}
          aria-label={t('checkIn.summary.consentsSigned', {
            signed: row.consents_signed,
            required: row.consents_required,
          })}
        />
      </TableCell>
      <TableCell align="center" data-testid="summary-copay" data-done={row.copay_paid}>
        <Mark done={row.copay_paid} label={t('checkIn.summary.copay')} />
      </TableCell>
      <TableCell align="center" data-testid="summary-insurance" data-done={row.insurance_card}>
        <Mark done={row.insurance_card} label={t('checkIn.summary.insuranceCard')} />
      </TableCell>
      <TableCell align="center" data-testid="summary-forms" data-done={row.forms_done}>
        <Mark done={row.forms_done} label={t('checkIn.summary.forms')} />
      </TableCell>
      <TableCell align="center">
        <InformationCell row={row} onDetails={onDetails} />
      </TableCell>
      <TableCell align="center" data-testid="summary-arrived" data-done={row.arrived}>
        <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
          <Mark done={row.arrived} label={t('checkIn.summary.arrived')} />
          <EntryActions row={row} />
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/**
 * The provider's arrival notification: each arrival the server flags (`check-in.arrived` with
 * notify) is shown above the day until dismissed, named from the day's rows.
 */
function useArrivalNotices(practiceId: string, rows: readonly CheckInSummaryRow[] | undefined) {
  const { t } = useTranslation();
  const names = new Map((rows ?? []).map((r) => [r.appointment_id, r.patient_name]));
  const [arrivals, setArrivals] = useState<{ appointment_id: string; awaiting: boolean }[]>([]);
  useEffect(() => {
    const subscription = arrivalNotices$(practiceId).subscribe((message) =>
      setArrivals((all) => [
        ...all.filter((a) => a.appointment_id !== message.appointment_id),
        { appointment_id: message.appointment_id, awaiting: message.awaiting_entry === true },
      ]),
    );
    return () => subscription.unsubscribe();
  }, [practiceId]);
  const list = arrivals.map((arrival) => {
    const name = names.get(arrival.appointment_id) || t('checkIn.summary.patient');
    return {
      appointment_id: arrival.appointment_id,
      text: arrival.awaiting
        ? t('checkIn.summary.waitingNotice', { name })
        : t('checkIn.summary.arrivedNotice', { name }),
    };
  });
  const dismiss = (appointmentId: string) =>
    setArrivals((all) => all.filter((a) => a.appointment_id !== appointmentId));
  return { list, dismiss };
}
