import { Alert, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n';
import { PassportLayout } from './passport-layout';

/** /vaccine-passport/no-record: shown when no vaccination record is returned (spec 1). */
export function NoRecordPage() {
  const { t } = useTranslation();
  return (
    <PassportLayout title={t('vaccination.noRecordTitle')}>
      <Stack spacing={2}>
        <Alert severity="info">{t('vaccination.noRecordAlert')}</Alert>
        <Typography>{t('vaccination.noRecordText')}</Typography>
        <Button component={RouterLink} to="/" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
          {t('vaccination.backHome')}
        </Button>
      </Stack>
    </PassportLayout>
  );
}
