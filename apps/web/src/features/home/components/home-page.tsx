import CheckCircle from '@mui/icons-material/CheckCircle';
import VideoCall from '@mui/icons-material/VideoCall';
import {
  Box,
  Button,
  ButtonBase,
  Container,
  Link,
  Paper,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FALLBACK_ICON, TILE_ICONS } from '../tile-icons';
import { COMMON_CONDITIONS, type Tile, TOP_SPECIALTIES } from '../top-tiles';
import { translateText, useTranslation } from '../../../shared/i18n';

/** Spec 2.4: 'See Doctor Now' searches walk-in tele visits open now. */
export const SEE_DOCTOR_NOW =
  '/provider-search?walk_in_tele_visit_enabled=true&visit_type=Online+Now&sort_on=distance&page_no=1&page_size=5';

const BENEFITS = [
  'home.benefits.attract',
  'home.benefits.reputation',
  'home.benefits.experience',
  'home.benefits.cost',
] as const;

function TileGrid({ tiles, kind }: { tiles: readonly Tile[]; kind: 'specialty' | 'condition' }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' },
      }}
    >
      {tiles.map((tile) => {
        const Icon = TILE_ICONS[tile.label] ?? FALLBACK_ICON;
        return (
          <ButtonBase
            key={tile.label}
            aria-label={t('home.findDoctors', { label: translateText(tile.label) })}
            onClick={() =>
              void navigate(
                `/provider-search?${kind}=${encodeURIComponent(tile.searches)}&walk_in_tele_visit_enabled=false&sort_on=distance&page_no=1&page_size=5`,
              )
            }
            sx={{
              flexDirection: 'column',
              gap: 1.25,
              p: 2.5,
              borderRadius: 3,
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
              transition: 'box-shadow .2s, transform .2s',
              '&:hover, &.Mui-focusVisible': {
                boxShadow: '0 8px 24px rgba(11, 110, 153, 0.16)',
                transform: 'translateY(-2px)',
              },
            }}
          >
            <Box
              sx={{
                width: 56,
                height: 56,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'rgba(11, 110, 153, 0.08)',
                color: 'primary.main',
              }}
            >
              <Icon />
            </Box>
            <Typography sx={{ fontWeight: 600, fontSize: 15, textAlign: 'center' }}>
              {translateText(tile.label)}
            </Typography>
          </ButtonBase>
        );
      })}
    </Box>
  );
}

/** The home page: the search filter, top specialties and conditions, and what Medbook offers. */
export function HomePage({
  filter,
  online,
  passport,
}: {
  filter: ReactNode;
  online?: ReactNode;
  /** The Vaccination Passport banner (spec 1, the home page's sections). */
  passport?: ReactNode;
}) {
  const [shown, setShown] = useState<'specialties' | 'conditions'>('specialties');
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('home.title');
  }, [t]);
  return (
    <>
      <Box
        component="section"
        sx={{
          background: 'linear-gradient(135deg, #0b6e99 0%, #0d2b3e 100%)',
          color: 'common.white',
          pt: { xs: 5, md: 9 },
          pb: { xs: 6, md: 10 },
        }}
      >
        <Container maxWidth="lg">
          <Typography
            variant="h3"
            component="h1"
            sx={{ fontWeight: 800, fontSize: { xs: 34, md: 48 } }}
          >
            {t('home.heading')}
          </Typography>
          <Typography
            sx={{ fontSize: { xs: 18, md: 22 }, opacity: 0.9, mt: 1, mb: { xs: 3, md: 4 } }}
          >
            {t('home.subheading')}
          </Typography>
          {filter}
          <Box
            sx={{
              mt: 3,
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              flexWrap: 'wrap',
            }}
          >
            <Typography sx={{ fontWeight: 600 }}>{t('home.whyWait')}</Typography>
            <Button
              component={RouterLink}
              to={SEE_DOCTOR_NOW}
              variant="contained"
              color="secondary"
              startIcon={<VideoCall />}
              sx={{ fontWeight: 700, textTransform: 'none' }}
            >
              {t('home.seeDoctorNow')}
            </Button>
            <Box sx={{ ml: { sm: 'auto' } }}>{online}</Box>
          </Box>
        </Container>
      </Box>

      <Container maxWidth="lg" component="section" sx={{ py: { xs: 5, md: 7 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 4 }}>
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={shown}
            onChange={(_e, next: 'specialties' | 'conditions' | null) => next && setShown(next)}
            aria-label={t('home.browseBy')}
          >
            <ToggleButton
              value="specialties"
              sx={{ px: 3, textTransform: 'none', fontWeight: 600 }}
            >
              {t('home.topSpecialties')}
            </ToggleButton>
            <ToggleButton value="conditions" sx={{ px: 3, textTransform: 'none', fontWeight: 600 }}>
              {t('home.conditions')}
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
        {shown === 'specialties' ? (
          <TileGrid tiles={TOP_SPECIALTIES} kind="specialty" />
        ) : (
          <TileGrid tiles={COMMON_CONDITIONS} kind="condition" />
        )}
      </Container>

      {passport}

      <Container maxWidth="lg" component="section" id="about" sx={{ pb: { xs: 5, md: 7 } }}>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, borderRadius: 3 }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {t('home.topDoctor')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
              {t('home.listPractice')}
            </Typography>
            {BENEFITS.map((benefit) => (
              <Box key={benefit} sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.5 }}>
                <CheckCircle color="secondary" fontSize="small" />
                <Typography>{t(benefit)}</Typography>
              </Box>
            ))}
            <Button
              component={Link}
              href="https://medbook.example/list-your-practice"
              target="_blank"
              rel="noopener noreferrer"
              variant="outlined"
              sx={{ mt: 2, textTransform: 'none', fontWeight: 600 }}
            >
              {t('home.listYourPractice')}
            </Button>
          </Paper>
          <Paper
            variant="outlined"
            sx={{ p: { xs: 3, md: 4 }, borderRadius: 3, bgcolor: 'rgba(46, 125, 50, 0.06)' }}
          >
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {t('home.tryOnline')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
              {t('home.registerNow')}
            </Typography>
            <Typography sx={{ mb: 2 }}>{t('home.openings')}</Typography>
            <Button
              component={RouterLink}
              to={SEE_DOCTOR_NOW}
              variant="contained"
              color="secondary"
              sx={{ textTransform: 'none', fontWeight: 700 }}
            >
              {t('home.seeADoctorNow')}
            </Button>
          </Paper>
        </Box>
      </Container>
    </>
  );
}
