import type { WaitlistItemView } from '@medbook/contracts';
import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useObservableCallback, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { settled } from '../../../live/settled';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';
import { toast } from '../../../shared/toast';
import { practiceWaitlistsApi } from '../api/practice-waitlists-api';
import { practiceWaitlists$ } from '../streams/practice-waitlists.stream';
import {
  type CalendarLine,
  linesOf,
  offerLabel,
  patientDetails,
  patientLabel,
  slotLabel,
} from '../waitlist-lines';
import { OfferSlotDialog } from './offer-slot-dialog';
import { RemoveDialog } from './remove-dialog';

type Action = { readonly kind: 'offer' | 'remove'; readonly item: WaitlistItemView };

/**
 * Each calendar's waiting list, live, in the order patients joined: staff offer a free slot to
 * the patient they choose (held for them, as for the next in line) or take someone off the list.
 */
export function PracticeWaitlistsPage({ practiceId }: { practiceId: string }) {
  const { t } = useTranslation();
  const [refresh, refresh$] = useObservableCallback<number | void>();
  const listed = useObservableState(
    useMemo(() => settled(practiceWaitlists$(practiceId, refresh$)), [practiceId, refresh$]),
  );
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const lines = useMemo(() => (listed?.value ? linesOf(listed.value, t) : null), [listed, t]);
  const waiting = listed?.value?.length ?? 0;

  const run = async (work: () => Promise<{ position: number }>, done: string) => {
    setBusy(true);
    try {
      const { position } = await work();
      toast.success(done);
      setAction(null);
      refresh(position);
    } catch (error) {
      toast.error(errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t('practiceWaitlists.title')}
        </Typography>
        <Typography color="text.secondary" data-testid="waitlists-summary">
          {lines
            ? t('practiceWaitlists.summary', {
                patients: t('practiceWaitlists.patients', { count: waiting }),
                calendars: t('practiceWaitlists.calendars', { count: lines.length }),
              })
            : t('practiceWaitlists.loading')}
        </Typography>
      </div>
      {listed?.error !== undefined && (
        <Alert severity="error">{translateText(errorMessageOf(listed.error))}</Alert>
      )}
      {lines?.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 2 }}>
          <Typography color="text.secondary" data-testid="waitlists-empty">
            {t('practiceWaitlists.empty')}
          </Typography>
        </Paper>
      )}
      {lines?.map((line) => (
        <LineCard
          key={line.calendarId}
          line={line}
          busy={busy}
          onOffer={(item) => setAction({ kind: 'offer', item })}
          onRemove={(item) => setAction({ kind: 'remove', item })}
        />
      ))}
      {action?.kind === 'offer' && (
        <OfferSlotDialog
          item={action.item}
          busy={busy}
          onClose={() => setAction(null)}
          onOffer={(start) =>
            void run(
              () =>
                practiceWaitlistsApi.offer(action.item.calendar_id, action.item.patient_id, start),
              t('practiceWaitlists.offered', { who: patientLabel(action.item, t) }),
            )
          }
        />
      )}
      {action?.kind === 'remove' && (
        <RemoveDialog
          item={action.item}
          busy={busy}
          onClose={() => setAction(null)}
          onRemove={(reason) =>
            void run(
              () =>
                practiceWaitlistsApi.remove(
                  action.item.calendar_id,
                  action.item.patient_id,
                  reason,
                ),
              t('practiceWaitlists.removed', { who: patientLabel(action.item, t) }),
            )
          }
        />
      )}
    </Stack>
  );
}

function LineCard(props: {
  readonly line: CalendarLine;
  readonly busy: boolean;
  readonly onOffer: (item: WaitlistItemView) => void;
  readonly onRemove: (item: WaitlistItemView) => void;
}) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { line } = props;
  const { t } = useTranslation();
  const headingId = `line-${line.calendarId}`;
  const actions = (item: WaitlistItemView) => {
    const open = item.offer?.status === 'Offered';
    return (
      <>
        <Button
          size="small"
          variant="outlined"
          disabled={props.busy || open}
          onClick={() => props.onOffer(item)}
          aria-label={t('practiceWaitlists.offerTo', { who: patientLabel(item, t) })}
          data-testid="offer-slot-button"
        >
          {t('practiceWaitlists.offerSlot')}
        </Button>
        <Button
          size="small"
          color="error"
          disabled={props.busy}
          onClick={() => props.onRemove(item)}
          aria-label={t('practiceWaitlists.removeFrom', { who: patientLabel(item, t) })}
          data-testid="remove-button"
        >
          {t('practiceWaitlists.remove')}
        </Button>
      </>
    );
  };
  const offer = (item: WaitlistItemView) => {
    const label = offerLabel(item.offer, line.timeZone, t);
    return label ? (
      <Chip
        size="small"
        color="success"
        variant="outlined"
        label={label}
        data-testid="offer-chip"
      />
    ) : (
      <Typography variant="body2" color="text.secondary">
        {t('practiceWaitlists.waiting')}
      </Typography>
    );
  };
  return (
    <Paper
      variant="outlined"
      sx={{ borderRadius: 2, overflow: 'hidden' }}
      component="section"
      aria-labelledby={headingId}
      data-testid="waitlist-line"
      data-calendar={line.calendarId}
    >
      <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'grey.50' }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {line.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('practiceWaitlists.countWaiting', { count: line.items.length })}
        </Typography>
      </Box>
      {wide ? (
        <TableContainer>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary' } }}>
                <TableCell sx={{ width: 48 }}>#</TableCell>
                <TableCell>{t('practiceWaitlists.patient')}</TableCell>
                <TableCell>{t('practiceWaitlists.waitingSince')}</TableCell>
                <TableCell>{t('practiceWaitlists.offer')}</TableCell>
                <TableCell align="right">{t('practiceWaitlists.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {line.items.map((item) => (
                <TableRow
                  key={item.patient_id}
                  data-testid="waitlist-entry"
                  data-patient={item.patient_id}
                >
                  <TableCell>{item.position}</TableCell>
                  <TableCell>
                    <Typography sx={{ fontWeight: 500 }}>{patientLabel(item, t)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {patientDetails(item, t)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {slotLabel(item.joined_at, line.timeZone)}
                  </TableCell>
                  <TableCell>{offer(item)}</TableCell>
                  <TableCell align="right">
                    <Box sx={{ display: 'inline-flex', gap: 1 }}>{actions(item)}</Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Stack component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {line.items.map((item) => (
            <Box
              component="li"
              key={item.patient_id}
              sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
              data-testid="waitlist-entry"
              data-patient={item.patient_id}
            >
              <Typography sx={{ fontWeight: 600 }}>
                {item.position}. {patientLabel(item, t)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[
                  patientDetails(item, t),
                  t('practiceWaitlists.since', {
                    date: formatDate(DateTime.fromISO(item.joined_at), 'LLL d', {
                      month: 'short',
                      day: 'numeric',
                    }),
                  }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              <Box sx={{ mt: 0.75 }}>{offer(item)}</Box>
              <Box sx={{ mt: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions(item)}</Box>
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
