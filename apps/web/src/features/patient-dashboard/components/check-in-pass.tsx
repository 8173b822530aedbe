import { type AppointmentView, appointmentCode } from '@medbook/contracts';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';

/** What a pass shows: a list's appointment and the check-in pass alike carry it. */
export type PassFields = Pick<
  AppointmentView,
  'appointment_id' | 'patient_name' | 'provider_name' | 'start_date' | 'time_zone'
>;

/** What the patient shows at the front desk once checked in. */
export function CheckInPass({ appointment: a }: { appointment: PassFields }) {
  const start = DateTime.fromISO(a.start_date, { zone: a.time_zone });
  // Only the parts known: no stray separator when a name is missing.
  const visit = [a.provider_name, start.toFormat('EEEE, MMMM d'), start.toFormat('h:mm a')]
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
          Checked in
        </Typography>
        {a.patient_name && (
          <Typography sx={{ fontWeight: 600 }} data-testid="pass-patient">
            {a.patient_name}
          </Typography>
        )}
        <Typography data-testid="pass-visit">{visit}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ pt: 1 }}>
          Code
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
