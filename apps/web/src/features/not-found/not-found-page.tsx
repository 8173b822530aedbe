import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../shared/i18n';

/** Spec 2.1: the page hints that the address may be mistyped or the page moved (our words). */
export const NOT_FOUND_HINT =
  'You may have mistyped the address, or the page may have moved. Check the address, or go back home.';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 10 }}>
      <Typography variant="h1" component="p" color="primary" sx={{ fontWeight: 800 }}>
        404
      </Typography>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('shell.notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }} data-testid="not-found-hint">
        {t('shell.notFound.hint')}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/">
        {t('shell.notFound.home')}
      </Button>
    </Box>
  );
}
