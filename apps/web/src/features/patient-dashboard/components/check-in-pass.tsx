import { type AppointmentView, appointmentCode } from '@medbook/contracts';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useTranslation } from '../../../shared/i18n';
import { DATE_FORMATS, formatDate } from '../../../shared/i18n/dates';

/** What a pass shows: a list's appointment and the check-in pass alike carry it. */
export type PassFields = Pick<
  AppointmentView,
  'appointment_id' | 'patient_name' | 'provider_name' | 'start_date' | 'time_zone'
>;

/** What the patient shows at the front desk once checked in. */
export function CheckInPass({ appointment: a }: { appointment: PassFields }) {
  const start = DateTime.fromISO(a.start_date, { zone: a.time_zone });
  const { t } = useTranslation();
  // Only the parts known: no stray separator when a name is missing.
  const visit = [
    a.provider_name,
    formatDate(start, 'EEEE, MMMM d', DATE_FORMATS.weekdayMonthDay),
    formatDate(start, 'h:mm a', DATE_FORMATS.time),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper
      variant="outlined"
      sx={{ p: 3, borderColor: 'success.main' }}
      data-testid="check-in-pass"
    >
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <VerifiedIcon color="success" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h6" component="p">
          {t('dashboard.checkedIn')}
        </Typography>
        {a.patient_name && (
          <Typography sx={{ fontWeight: 600 }} data-testid="pass-patient">
            {a.patient_name}
          </Typography>
        )}
        <Typography data-testid="pass-visit">{visit}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ pt: 1 }}>
          {t('dashboard.codeLabel')}
        </Typography>
        <Box
          component="code"
          sx={{ px: 2, py: 1, bgcolor: 'grey.100', borderRadius: 1, letterSpacing: 2 }}
          data-testid="pass-code"
        >
          {appointmentCode(a.appointment_id)}
        </Box>
      </Stack>
    </Paper>
  );
}
