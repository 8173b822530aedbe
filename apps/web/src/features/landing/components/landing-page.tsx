import { LANDING_SECTIONS } from '@medbook/contracts';
import LocalHospital from '@mui/icons-material/LocalHospital';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Button,
  Drawer,
  IconButton,
  Link,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import {
  clampSection,
  LAST_SECTION,
  landingState,
  sectionOf,
  WHEEL_THROTTLE_MS,
} from '../landing-rules';
import { translateText, useTranslation } from '../../../shared/i18n';
import { CONTACT, HERO, PITCH, SECTION_COPY } from './landing-copy';
import { DemoRequestForm } from './demo-request-form';

const HEADER_HEIGHT = 64;
const anchorOf = (id: number) => LANDING_SECTIONS[id - 1]!.anchor;

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
  const [active, setActive] = useState(() => sectionOf(search) ?? 1);
  const activeRef = useRef(active);
  const lastWheel = useRef(0);
  // The section chosen in the side menu: scrolled to once the menu has closed (the open menu
  // locks the page's scrolling, which would stop a smooth scroll started before it lets go).
  const chosen = useRef<number | null>(null);
  // The copy is written in English (landing-copy, the spec's names); shown in the chosen language.
  const { t } = useTranslation();

  const goTo = useCallback((section: number) => {
    const id = clampSection(section);
    activeRef.current = id;
    setActive(id);
    document.getElementById(anchorOf(id))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);

  // ?section=N opens that section (the active one already, from the first render).
  useEffect(() => {
    const section = sectionOf(search);
    if (!section) return;
    activeRef.current = section;
    document.getElementById(anchorOf(section))?.scrollIntoView({ block: 'start' });
  }, [search]);

  // The section under the middle of the screen is the active one.
  useEffect(() => {
    const onScroll = () => {
      const middle = window.innerHeight / 2;
      for (const section of LANDING_SECTIONS) {
        const box = document.getElementById(section.anchor)?.getBoundingClientRect();
        if (box && box.top <= middle && box.bottom > middle) {
          activeRef.current = section.id;
          setActive(section.id);
          return;
        }
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // Wheel and arrows move a section at a time on wide screens; a section taller than the
  // screen scrolls natively until its edge, so no part of it is out of reach.
  useEffect(() => {
    if (!wide) return;
    const step = (direction: 1 | -1, event: Event): void => {
      const box = document.getElementById(anchorOf(activeRef.current))?.getBoundingClientRect();
      if (box && direction > 0 && box.bottom > window.innerHeight + 2) return;
      if (box && direction < 0 && box.top < HEADER_HEIGHT - 2) return;
      event.preventDefault();
      const now = Date.now();
      if (now - lastWheel.current < WHEEL_THROTTLE_MS) return;
      lastWheel.current = now;
      goTo(activeRef.current + direction);
    };
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY !== 0) step(event.deltaY > 0 ? 1 : -1, event);
    };
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="listbox"], [role="menu"]')) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        goTo(activeRef.current + (event.key === 'ArrowDown' ? 1 : -1));
      }
    };
    window.addEventListener('wheel', onWheel, { passive: false });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('wheel', onWheel);
      window.removeEventListener('keydown', onKey);
    };
  }, [wide, goTo]);

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

function SectionBody({
  id,
  title,
  goTo,
}: {
  id: number;
  title: string;
  goTo: (section: number) => void;
}) {
  const titleId = `${anchorOf(id)}-title`;
  const { t } = useTranslation();
  if (id === 1) {
    return (
      <Stack spacing={3} sx={{ maxWidth: 760 }}>
        <Typography id={titleId} variant="overline" component="h2" color="primary.dark">
          {title}
        </Typography>
        <Typography
          variant="h3"
          component="p"
          sx={{ fontWeight: 800, fontSize: { xs: 32, md: 48 } }}
        >
          {translateText(HERO)}
        </Typography>
        <Typography color="text.secondary" sx={{ fontSize: 18 }}>
          {t('landing.onePlatform', {
            items: PITCH.slice(0, -1).map(translateText).join(', '),
            last: translateText(PITCH.at(-1)!),
          })}
        </Typography>
        <Button
          variant="contained"
          size="large"
          onClick={() => goTo(LAST_SECTION)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('landing.getStarted')}
        </Button>
      </Stack>
    );
  }
  if (id === LAST_SECTION) {
    return (
      <Stack spacing={3}>
        <Typography id={titleId} variant="h4" component="h2" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        <DemoRequestForm />
        <Box component="footer" sx={{ pt: 2, color: 'text.secondary' }}>
          <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
            <Link component={RouterLink} to="/terms-of-use">
              {t('account.terms')}
            </Link>
            <Link component={RouterLink} to="/privacy-policy">
              {t('account.privacy')}
            </Link>
          </Stack>
          <Typography variant="body2">{CONTACT.address}</Typography>
          <Link href={`mailto:${CONTACT.email}`} variant="body2">
            {CONTACT.email}
          </Link>
        </Box>
      </Stack>
    );
  }
  const copy = SECTION_COPY[id as keyof typeof SECTION_COPY];
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Typography id={titleId} variant="overline" component="h2" color="primary.dark">
        {title}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700, fontSize: { xs: 26, md: 36 } }}>
        {translateText(copy.heading)}
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: 18 }}>
        {translateText(copy.text)}
      </Typography>
      {copy.claims && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          component="ul"
          sx={{ p: 0, m: 0, listStyle: 'none' }}
        >
          {copy.claims.map((claim) => (
            <Box component="li" key={claim.figure} data-testid="landing-claim">
              <Typography sx={{ fontWeight: 800, fontSize: 36, color: 'primary.dark' }}>
                {translateText(claim.figure)}
              </Typography>
              <Typography color="text.secondary">{translateText(claim.caption)}</Typography>
            </Box>
          ))}
        </Stack>
      )}
      {id === 9 && (
        <Button
          variant="outlined"
          size="large"
          onClick={() => goTo(LAST_SECTION)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('landing.contactCareGaps')}
        </Button>
      )}
    </Stack>
  );
}
