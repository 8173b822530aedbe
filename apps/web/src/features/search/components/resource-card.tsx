import type { ResourceCardView } from '@medbook/contracts';
import Biotech from '@mui/icons-material/Biotech';
import LocationOn from '@mui/icons-material/LocationOn';
import MeetingRoom from '@mui/icons-material/MeetingRoom';
import PrecisionManufacturing from '@mui/icons-material/PrecisionManufacturing';
import { Avatar, Box, Chip, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';

const ICONS = { Room: MeetingRoom, Lab: Biotech, Equipment: PrecisionManufacturing } as const;

/** One resource (room, lab or equipment) in the results: what, where, and its live week. */
export function ResourceCard({
  resource,
  availability,
}: {
  resource: ResourceCardView;
  availability: ReactNode;
}) {
  const facility =
    resource.facilities.find((f) => f.facility_id === resource.nearest_facility?.facility_id) ??
    resource.facilities[0];
  const Icon = ICONS[resource.resource_type] ?? MeetingRoom;
  const { t } = useTranslation();
  return (
    <Paper
      component="article"
      aria-label={resource.name}
      variant="outlined"
      data-testid="resource-card"
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
          aria-hidden
          sx={{ width: 72, height: 72, bgcolor: 'secondary.main', flexShrink: 0 }}
        >
          <Icon sx={{ fontSize: 36 }} />
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, lineHeight: 1.25 }}>
            {resource.name}
          </Typography>
          <Chip
            size="small"
            label={t(`resourcesSearch.types.${resource.resource_type}`)}
            sx={{ mt: 0.5 }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {resource.practice_name}
          </Typography>
          {facility && (
            <Box sx={{ display: 'flex', gap: 0.5, mt: 1, color: 'text.secondary' }}>
              <LocationOn fontSize="small" />
              <Typography variant="body2">
                {facility.name}, {facility.address.address1}, {facility.address.city},{' '}
                {facility.address.state} {facility.address.zip_code}
                {facility.distance !== null &&
                  ` · ${t('resourcesSearch.miles', { distance: facility.distance })}`}
              </Typography>
            </Box>
          )}
        </Box>
      </Box>
      <Box sx={{ minWidth: 0 }}>{availability}</Box>
    </Paper>
  );
}
