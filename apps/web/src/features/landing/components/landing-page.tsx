import { LANDING_SECTIONS } from '@medbook/contracts';
import LocalHospital from '@mui/icons-material/LocalHospital';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Button,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LAST_SECTION, landingState } from '../landing-rules';
import { HEADER_HEIGHT, useLandingSections } from '../hooks/use-landing-sections';
import { translateText, useTranslation } from '../../../shared/i18n';
import { SectionBody } from './section-body';

/**
 * The practices' landing page (spec 2.6): a fixed header with 'Find a Top Doctor' and the menu
 * of the ten sections, side dots for them, the sections, and the Request a Demo form. The wheel
 * (once a second) and the up and down arrows move between sections; ?section=N opens one.
 */
export function LandingPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const wide = useMediaQuery('(min-width: 768px)');
  const [menuOpen, setMenuOpen] = useState(false);
  const { active, goTo } = useLandingSections(search, wide);
  // The section chosen in the side menu: scrolled to once the menu has closed (the open menu
  // locks the page's scrolling, which would stop a smooth scroll started before it lets go).
  const chosen = useRef<number | null>(null);
  // The copy is written in English (landing-copy, the spec's names); shown in the chosen language.
  const { t } = useTranslation();

  const findDoctor = () => {
    landingState.set(false);
    void navigate('/', { replace: false });
  };

  return (
    <Box sx={{ bgcolor: 'background.default' }} data-testid="landing-page">
      <AppBar
        position="fixed"
        color="inherit"
        elevation={1}
        sx={{ bgcolor: 'background.paper' }}
        component="header"
      >
        <Toolbar sx={{ gap: 1, minHeight: HEADER_HEIGHT }}>
          <IconButton
            edge="start"
            aria-label={t('landing.openMenu')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
            data-testid="landing-menu"
          >
            <MenuIcon />
          </IconButton>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flex: 1 }}>
            <LocalHospital sx={{ color: 'primary.main', fontSize: 28 }} aria-hidden />
            <Typography component="span" sx={{ fontWeight: 800, fontSize: 20 }}>
              Medbook
            </Typography>
          </Stack>
          <Button variant="contained" onClick={findDoctor} sx={{ whiteSpace: 'nowrap' }}>
            {t('landing.findTopDoctor')}
          </Button>
        </Toolbar>
      </AppBar>
      <Drawer
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        slotProps={{
          paper: { 'aria-label': t('landing.menu') } as object,
          transition: {
            onExited: () => {
              const section = chosen.current;
              chosen.current = null;
              if (section !== null) goTo(section);
            },
          },
        }}
      >
        <Box component="nav" aria-label={t('landing.sectionsNav')} sx={{ width: 280 }}>
          <List component="div">
            {LANDING_SECTIONS.map((section) => (
              <ListItemButton
                key={section.id}
                selected={active === section.id}
                aria-current={active === section.id ? 'true' : undefined}
                onClick={() => {
                  chosen.current = section.id;
                  setMenuOpen(false);
                }}
              >
                <ListItemText primary={translateText(section.title)} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Drawer>
      {wide && (
        <Box
          component="nav"
          aria-label={t('landing.dotsNav')}
          sx={{
            position: 'fixed',
            right: 16,
            top: '50%',
            transform: 'translateY(-50%)',
            zIndex: 2,
            display: 'flex',
            flexDirection: 'column',
            gap: 0.5,
          }}
        >
          {LANDING_SECTIONS.map((section) => (
            <IconButton
              key={section.id}
              size="small"
              aria-label={translateText(section.title)}
              aria-current={active === section.id ? 'true' : undefined}
              onClick={() => goTo(section.id)}
              data-testid="landing-dot"
            >
              <Box
                sx={{
                  width: active === section.id ? 14 : 10,
                  height: active === section.id ? 14 : 10,
                  borderRadius: '50%',
                  bgcolor: active === section.id ? 'primary.main' : 'grey.500',
                  // The demo form's dot stands apart from the nine sections'.
                  outline: section.id === LAST_SECTION ? '2px solid' : 'none',
                  outlineColor: 'primary.main',
                  outlineOffset: 2,
                }}
              />
            </IconButton>
          ))}
        </Box>
      )}
      <Box component="main">
        {LANDING_SECTIONS.map((section) => (
          <Box
            key={section.id}
            component="section"
            id={section.anchor}
            aria-labelledby={`${section.anchor}-title`}
            data-section={section.id}
            sx={{
              minHeight: '100vh',
              pt: `${HEADER_HEIGHT + 24}px`,
              pb: 6,
              px: { xs: 2, sm: 6, md: 10 },
              pr: { md: 12 },
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'center',
              bgcolor: section.id % 2 === 0 ? 'grey.50' : 'background.paper',
              scrollMarginTop: 0,
            }}
          >
            <SectionBody id={section.id} title={translateText(section.title)} goTo={goTo} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
