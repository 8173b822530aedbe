import type { ProviderCardView } from '@medbook/contracts';
import LocationOn from '@mui/icons-material/LocationOn';
import Verified from '@mui/icons-material/Verified';
import VideoCall from '@mui/icons-material/VideoCall';
import { Avatar, Box, Chip, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { ProviderRating } from './provider-rating';

const initials = (p: ProviderCardView) =>
  `${p.name.first_name[0] ?? ''}${p.name.last_name[0] ?? ''}`.toUpperCase();

/** Spec 9: at most two professional suffixes are shown. */
export const displayName = (p: ProviderCardView): string =>
  [p.name.full_name, ...p.professional_suffixes.slice(0, 2)].join(', ');

/** One provider in the results: who, where, and their live week of slots. */
export function ProviderCard({
  provider,
  availability,
}: {
  provider: ProviderCardView;
  availability: ReactNode;
}) {
  // With several facilities each gets its own availability row, named there (issue 19).
  const facility = provider.facilities.length === 1 ? provider.facilities[0] : undefined;
  const name = displayName(provider);
  const { t } = useTranslation();
  return (
    <Paper
      component="article"
      aria-label={name}
      variant="outlined"
      data-testid="provider-card"
      sx={{
        p: { xs: 2, md: 3 },
        borderRadius: 3,
        display: 'grid',
        gap: { xs: 2, md: 3 },
        gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 1fr) minmax(0, 1.6fr)' },
      }}
    >
      <Box sx={{ display: 'flex', gap: 2, minWidth: 0 }}>
        <Avatar
          src={provider.profile_picture_uri ?? undefined}
          alt={name}
          sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 24, flexShrink: 0 }}
        >
          {initials(provider)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, lineHeight: 1.25 }}>
            {name}
          </Typography>
          <Typography color="primary" sx={{ fontWeight: 600 }}>
            {provider.specialty ?? provider.specialties[0] ?? ''}
          </Typography>
          <ProviderRating provider={provider} />
          <Typography variant="body2" color="text.secondary">
            {provider.practice_name}
          </Typography>
          {facility && (
            <Box sx={{ display: 'flex', gap: 0.5, mt: 1, color: 'text.secondary' }}>
              <LocationOn fontSize="small" />
              <Typography variant="body2">
                {facility.name}, {facility.address.address1}, {facility.address.city},{' '}
                {facility.address.state} {facility.address.zip_code}
                {facility.distance !== null &&
                  ` · ${t('search.miles', { distance: facility.distance })}`}
              </Typography>
            </Box>
          )}
          {provider.facilities.length > 1 && (
            <Box sx={{ display: 'flex', gap: 0.5, mt: 1, color: 'text.secondary' }}>
              <LocationOn fontSize="small" />
              <Typography variant="body2">
                {t('search.locations', { count: provider.facilities.length })}
              </Typography>
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
            {provider.accepts_selected_insurances && (
              <Chip
                size="small"
                icon={<Verified />}
                label={t('search.inNetwork')}
                color="success"
                variant="outlined"
              />
            )}
            {provider.visit_types.includes('Telehealth') && (
              <Chip
                size="small"
                icon={<VideoCall />}
                label={t('search.videoVisits')}
                variant="outlined"
              />
            )}
            {provider.walk_in_online_now && (
              <Chip size="small" label={t('search.onlineNow')} color="secondary" />
            )}
          </Box>
        </Box>
      </Box>
      <Box sx={{ minWidth: 0 }}>{availability}</Box>
    </Paper>
  );
}
