import { VACCINE_PASSPORT_PATHS } from '@medbook/contracts';
import Vaccines from '@mui/icons-material/Vaccines';
import { Box, Button, Container, Paper, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n';
import { currentUser, signedOut } from '../../../shared/session';
import { logOutQuietly } from '../api/vaccination-api';

/**
 * The home page's Vaccination Passport banner (spec 1): its button logs out and goes to
 * vaccine-passport, where the passport's own login greets the visitor.
 */
export function PassportBanner() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  async function getPassport() {
    if (currentUser()) {
      await logOutQuietly();
      signedOut();
    }
    await navigate(VACCINE_PASSPORT_PATHS.home);
    // The banner sits low on the home page: the login starts at the top, not where it was.
    window.scrollTo({ top: 0 });
  }
  return (
    <Container
      maxWidth="lg"
      component="section"
      sx={{ pb: { xs: 5, md: 7 } }}
      aria-labelledby="passport-banner-title"
    >
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 3, md: 4 },
          borderRadius: 3,
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-start', sm: 'center' },
          gap: 2.5,
          bgcolor: 'rgba(11, 110, 153, 0.06)',
        }}
      >
        <Box
          sx={{
            width: 56,
            height: 56,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'common.white',
            flexShrink: 0,
          }}
        >
          <Vaccines />
        </Box>
        <Box sx={{ flex: 1 }}>
          <Typography
            id="passport-banner-title"
            variant="h5"
            component="h2"
            sx={{ fontWeight: 700 }}
          >
            {t('vaccination.bannerTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('vaccination.bannerText')}
          </Typography>
        </Box>
        <Button
          variant="contained"
          onClick={() => void getPassport()}
          data-testid="get-vaccination-passport"
          sx={{ textTransform: 'none', fontWeight: 700, whiteSpace: 'nowrap' }}
        >
          {t('vaccination.bannerButton')}
        </Button>
      </Paper>
    </Container>
  );
}
