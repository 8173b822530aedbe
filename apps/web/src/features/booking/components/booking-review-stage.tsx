import { Alert, Button, Stack, Typography } from '@mui/material';
import type { InsuranceChoice } from '../booking-stages';
import { insuranceLabel } from '../insurance-options';
import { translateText, useTranslation } from '../../../shared/i18n';

interface Props {
  readonly patientName: string;
  readonly reason: string;
  readonly insurance: InsuranceChoice | null;
  /** The visit fee authorized at the payment stage, as shown to the patient. */
  readonly visitFee?: string | null;
  readonly busy: boolean;
  readonly error: string | null;
  readonly onBook: () => void;
}

/** BOOK_APPOINTMENT: what will be booked, and the button that books it. */
export function BookingReviewStage(props: Props) {
  const { t } = useTranslation();
  const { patientName, reason, insurance, visitFee, busy, error, onBook } = props;
  return (
    <Stack spacing={2}>
      <Row label={t('booking.review.patient')} value={patientName} />
      <Row
        label={t('booking.review.reason')}
        value={reason.trim() || t('booking.review.notGiven')}
      />
      {insurance !== null && (
        <Row
          label={t('booking.review.insurance')}
          value={translateText(insuranceLabel(insurance))}
        />
      )}
      {visitFee && <Row label={t('booking.review.visitFee')} value={visitFee} />}
      {error && (
        <Alert severity="error" data-testid="booking-error">
          {error}
        </Alert>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" size="large" onClick={onBook} disabled={busy} autoFocus>
          {busy ? t('booking.review.booking') : t('booking.bookAppointment')}
        </Button>
      </Stack>
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={2}>
      <Typography color="text.secondary" sx={{ minWidth: 96 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 500 }}>{value}</Typography>
    </Stack>
  );
}
