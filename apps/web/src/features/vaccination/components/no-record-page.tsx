import { Alert, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PassportLayout } from './passport-layout';

/** /vaccine-passport/no-record: shown when no vaccination record is returned (spec 1). */
export function NoRecordPage() {
  return (
    <PassportLayout title="No Vaccination Record">
      <Stack spacing={2}>
        <Alert severity="info">We could not find a vaccination record for you.</Alert>
        <Typography>
          Vaccinations appear here once the practice that gave them records them. Please ask your
          practice to record your vaccination, then come back for your passport.
        </Typography>
        <Button component={RouterLink} to="/" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
          Back to home
        </Button>
      </Stack>
    </PassportLayout>
  );
}
