import type { AppointmentView } from '@medbook/contracts';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';

/** What the patient shows at the front desk once checked in. */
export function CheckInPass({ appointment: a }: { appointment: AppointmentView }) {
  const start = DateTime.fromISO(a.start_date, { zone: a.time_zone });
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
        <Typography sx={{ fontWeight: 600 }}>{a.patient_name ?? ''}</Typography>
        <Typography>
          {a.provider_name ?? ''} · {start.toFormat('EEEE, MMMM d')} · {start.toFormat('h:mm a')}
        </Typography>
        <Box
          component="code"
          sx={{ mt: 1, px: 2, py: 1, bgcolor: 'grey.100', borderRadius: 1, letterSpacing: 2 }}
          aria-label="Pass code"
        >
          {a.appointment_id.slice(0, 8).toUpperCase()}
        </Box>
      </Stack>
    </Paper>
  );
}
