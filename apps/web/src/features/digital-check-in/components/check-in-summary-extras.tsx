import {
  type CheckInSummaryRow,
  DIGITAL_CHECK_IN_MESSAGES as M,
  type DigitalCheckInView,
} from '@medbook/contracts';
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { digitalCheckInApi } from '../api/digital-check-in-api';

/**
 * Where the patient's entry stands (staff-approved entry and the ready word) and, once they have
 * arrived, the staff's "Ready for patient": the patient is told to come in.
 */
export function EntryActions({ row }: { row: CheckInSummaryRow }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const name = row.patient_name || t('checkIn.summary.patient');
  const markReady = async () => {
    setBusy(true);
    try {
      await digitalCheckInApi.markReady(row.appointment_id);
      toast.success(M.markedReady);
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };
  if (row.ready) {
    return (
      <Chip size="small" color="success" variant="outlined" label={t('checkIn.summary.ready')} />
    );
  }
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
      {row.awaiting_entry && (
        <Chip
          size="small"
          color="warning"
          label={t('checkIn.summary.awaitingEntry')}
          data-testid="summary-awaiting"
        />
      )}
      {row.arrived && (
        <Button
          size="small"
          variant={row.awaiting_entry ? 'contained' : 'outlined'}
          disabled={busy}
          onClick={() => void markReady()}
          aria-label={t('checkIn.summary.markReadyLabel', { name })}
        >
          {t('checkIn.summary.markReady')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The information steps given, and the way to the dialog with what the patient gave (the page
 * keeps the dialog, so it stays open when the table turns into cards).
 */
export function InformationCell(props: { row: CheckInSummaryRow; onDetails: () => void }) {
  const { row } = props;
  const { t } = useTranslation();
  const name = row.patient_name || t('checkIn.summary.patient');
  const done = row.information_done >= row.information_required;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
      {row.information_required > 0 && (
        <Chip
          size="small"
          color={done ? 'success' : 'default'}
          data-testid="summary-information"
          label={t('checkIn.summary.informationCount', {
            done: row.information_done,
            required: row.information_required,
          })}
          aria-label={t('checkIn.summary.informationSigned', {
            done: row.information_done,
            required: row.information_required,
          })}
        />
      )}
      <Button
        size="small"
        onClick={props.onDetails}
        aria-label={t('checkIn.summary.detailsLabel', { name })}
      >
        {t('checkIn.summary.details')}
      </Button>
    </Stack>
  );
}

function Line(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="subtitle2" component="h3">
        {props.label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap' }}>
        {props.children}
      </Typography>
    </div>
  );
}

/** The patient's check-in as the practice reads it: the information collected, the cards. */
export function DetailsDialog(props: { appointmentId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [view, setView] = useState<DigitalCheckInView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    digitalCheckInApi.view(props.appointmentId).then(
      (read) => live && setView(read),
      (cause: unknown) => live && setError(errorMessageOf(cause)),
    );
    return () => {
      live = false;
    };
  }, [props.appointmentId]);
  const none = t('checkIn.summary.nothingYet');
  const info = view?.information;
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="check-in-details" maxWidth="sm" fullWidth>
      <DialogTitle id="check-in-details">
        {t('checkIn.summary.detailsTitle', { name: props.name })}
      </DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error">{translateText(error)}</Alert>
        ) : !view || !info ? (
          <CircularProgress aria-label={t('checkIn.summary.loadingDetails')} />
        ) : (
          <Stack spacing={2} data-testid="check-in-details">
            {info.steps.includes('emergency-contact') && (
              <Line label={t('checkIn.emergencyContact')}>
                {info.emergency_contact
                  ? `${info.emergency_contact.first_name} ${info.emergency_contact.last_name} (${info.emergency_contact.relationship}) · ${info.emergency_contact.phone}`
                  : none}
              </Line>
            )}
            {info.steps.includes('preferred-pharmacy') && (
              <Line label={t('checkIn.pharmacy')}>
                {info.preferred_pharmacy
                  ? [
                      info.preferred_pharmacy.name,
                      info.preferred_pharmacy.address,
                      info.preferred_pharmacy.city,
                      info.preferred_pharmacy.zip_code,
                      info.preferred_pharmacy.phone,
                    ]
                      .filter(Boolean)
                      .join(' · ')
                  : info.skipped.includes('preferred-pharmacy')
                    ? t('checkIn.skipped')
                    : none}
              </Line>
            )}
            {info.steps.includes('government-id') && (
              <Line label={t('checkIn.governmentId')}>
                {info.government_id
                  ? t('checkIn.idUploaded', { size: Math.ceil(info.government_id.size / 1024) })
                  : info.skipped.includes('government-id')
                    ? t('checkIn.skipped')
                    : none}
              </Line>
            )}
            {info.histories_asked.map((kind) => (
              <Line key={kind} label={t(`checkIn.history.${kind}`)}>
                {info.histories[kind] ?? none}
              </Line>
            ))}
            <ChargesForm view={view} />
            {view.settings.insurance_card_collection && (
              <Line label={t('checkIn.insuranceCard')}>
                {view.insurance_cards.length === 0
                  ? none
                  : view.insurance_cards
                      .map((card) =>
                        t(
                          card.side === 'front' ? 'checkIn.frontUploaded' : 'checkIn.backUploaded',
                          {
                            size: Math.ceil(card.size / 1024),
                          },
                        ),
                      )
                      .join(' · ')}
              </Line>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('checkIn.summary.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The outstanding balance and deductible the check-in's payment collects (where the settings
 * collect them), until the patient has paid; then what was paid of what total.
 */
function ChargesForm({ view }: { view: DigitalCheckInView }) {
  const { t } = useTranslation();
  const { settings, copay } = view;
  const [balance, setBalance] = useState(() => String(copay.outstanding_balance));
  const [deductible, setDeductible] = useState(() => String(copay.deductible));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const collects =
    settings.payment_collection &&
    (settings.outstanding_balance_collection || settings.deductible_collection);
  if (!collects) return null;
  const money = (value: number) => `$${value.toFixed(2)}`;
  if (copay.paid) {
    return (
      <Line label={t('checkIn.summary.charges')}>
        {t('checkIn.summary.paidAlready', {
          paid: money(copay.amount_paid),
          total: money(copay.due),
        })}
      </Line>
    );
  }
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await digitalCheckInApi.setCharges(view.appointment_id, {
        outstanding_balance: settings.outstanding_balance_collection ? Number(balance) : 0,
        deductible: settings.deductible_collection ? Number(deductible) : 0,
      });
      toast.success(M.chargesSaved);
    } catch (cause) {
      setError(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} data-testid="charges-form">
      <Typography variant="subtitle2" component="h3">
        {t('checkIn.summary.charges')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {settings.outstanding_balance_collection && (
          <TextField
            size="small"
            type="number"
            label={t('checkIn.summary.balance')}
            value={balance}
            onChange={(e) => setBalance(e.target.value)}
            slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
          />
        )}
        {settings.deductible_collection && (
          <TextField
            size="small"
            type="number"
            label={t('checkIn.summary.deductible')}
            value={deductible}
            onChange={(e) => setDeductible(e.target.value)}
            slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
          />
        )}
        <Button variant="outlined" disabled={busy} onClick={() => void save()}>
          {t('checkIn.summary.saveCharges')}
        </Button>
      </Stack>
      {error && <Alert severity="error">{translateText(error)}</Alert>}
    </Stack>
  );
}
