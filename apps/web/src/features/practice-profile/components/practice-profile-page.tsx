import type { PracticeView } from '@medbook/contracts';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CircularProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { currentUser } from '../../../shared/session';
import { practiceProfileApi } from '../api/practice-profile-api';
import {
  facilityCard,
  type FacilityCard,
  type ProviderCard,
  providerCards,
} from '../practice-profile-rules';

interface Profile {
  readonly practice: PracticeView;
  readonly facilities: readonly FacilityCard[];
  readonly providers: readonly ProviderCard[];
}

/**
 * A practice's public page (/practice/{id}): its name, its facilities and its providers' cards,
 * each leading to their availability. Visitors find Manage Appointments in the header.
 */
export function PracticeProfilePage() {
  const { practiceId = '' } = useParams();
  const { t } = useTranslation();
  const [state, setState] = useState<{ profile?: Profile; error?: string; for: string } | null>(
    null,
  );
  useEffect(() => {
    let gone = false;
    Promise.all([
      practiceProfileApi.practice(practiceId),
      practiceProfileApi.entries(practiceId, 'facilities'),
      practiceProfileApi.entries(practiceId, 'providers'),
    ]).then(
      ([practice, facilityEntries, providerEntries]) => {
        const facilities = facilityEntries.map(facilityCard);
        const providers = providerCards(providerEntries, facilities);
        if (!gone) setState({ for: practiceId, profile: { practice, facilities, providers } });
      },
      (cause: unknown) => !gone && setState({ for: practiceId, error: errorMessageOf(cause) }),
    );
    return () => {
      gone = true;
    };
  }, [practiceId]);
  if (!state || state.for !== practiceId) {
    return <CircularProgress aria-label={t('practiceProfile.loading')} />;
  }
  if (!state.profile) {
    return <Alert severity="error">{state.error && translateText(state.error)}</Alert>;
  }
  const { practice, facilities, providers } = state.profile;
  return (
    <Stack spacing={4} data-testid="practice-profile">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        {practice.name}
      </Typography>
      {/* Spec 2.11: a visitor's Manage Appointments; the header's folds into its burger below 1200 px. */}
      {!currentUser() && (
        <Button
          component={RouterLink}
          to="/login"
          variant="contained"
          sx={{ alignSelf: 'flex-start', display: { xs: 'inline-flex', lg: 'none' } }}
        >
          {t('practiceProfile.manageAppointments')}
        </Button>
      )}
      <Box component="section" aria-labelledby="practice-facilities">
        <Typography id="practice-facilities" variant="h5" component="h2" sx={{ mb: 1.5 }}>
          {t('practiceProfile.facilities')}
        </Typography>
        <Box component="ul" sx={grid}>
          {facilities.map((facility) => (
            <Card key={facility.id} component="li" variant="outlined" sx={{ p: 2 }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {facility.name}
              </Typography>
              <Typography color="text.secondary">{facility.address}</Typography>
            </Card>
          ))}
        </Box>
      </Box>
      <Box component="section" aria-labelledby="practice-providers">
        <Typography id="practice-providers" variant="h5" component="h2" sx={{ mb: 1.5 }}>
          {t('practiceProfile.providers')}
        </Typography>
        <Box component="ul" sx={grid}>
          {providers.map((provider) => (
            <Card
              key={provider.id}
              component="li"
              variant="outlined"
              sx={{ p: 2 }}
              data-testid="practice-provider"
            >
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
                <Avatar sx={{ bgcolor: 'secondary.main' }} aria-hidden>
                  {provider.initials}
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                    {provider.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {provider.specialties.map(translateText).join(', ')}
                  </Typography>
                </Box>
              </Stack>
              {provider.facilities.length > 0 && (
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {provider.facilities.join(' · ')}
                </Typography>
              )}
              <Button
                component={RouterLink}
                to={`/provider-search?text_field=${encodeURIComponent(provider.name)}`}
                variant="outlined"
                size="small"
                aria-label={t('practiceProfile.seeAvailabilityOf', { name: provider.name })}
              >
                {t('practiceProfile.seeAvailability')}
              </Button>
            </Card>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;
