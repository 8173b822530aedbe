import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import Twitter from '@mui/icons-material/Twitter';
import { Box, Container, IconButton, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { TOP_SPECIALTIES } from '../features/home/top-tiles';
import { translateText, useTranslation } from '../shared/i18n';

const SOCIAL = [
  { label: 'shell.footer.facebook', href: 'https://www.facebook.com/', Icon: Facebook },
  { label: 'shell.footer.instagram', href: 'https://www.instagram.com/', Icon: Instagram },
  { label: 'shell.footer.twitter', href: 'https://twitter.com/', Icon: Twitter },
] as const;

const heading = { fontWeight: 700, mb: 1.5, color: 'common.white' } as const;
const linkStyle = { color: 'grey.300', display: 'block', py: 0.4, fontSize: 14 } as const;

/** Spec 2.5: Home, About us, the ten top specialties, the legal pages, social links, the year. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ bgcolor: '#0d2b3e', color: 'grey.300', pt: 5, pb: 3, mt: 6 }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1.2fr 1fr 2fr' },
          }}
        >
          <Box>
            <Typography variant="h6" component="p" sx={{ color: 'common.white', fontWeight: 800 }}>
              Medbook
            </Typography>
            <Typography variant="body2" sx={{ mt: 1, maxWidth: 300 }}>
              {t('shell.footer.tagline')}
            </Typography>
            <Box sx={{ mt: 2, ml: -1 }}>
              {SOCIAL.map(({ label, href, Icon }) => (
                <IconButton
                  key={label}
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t(label)}
                  sx={{ color: 'grey.300' }}
                >
                  <Icon />
                </IconButton>
              ))}
            </Box>
          </Box>
          <Box component="nav" aria-label="Medbook">
            <Typography sx={heading}>Medbook</Typography>
            <Link component={RouterLink} to="/" underline="hover" sx={linkStyle}>
              {t('shell.footer.home')}
            </Link>
            <Link component={RouterLink} to="/#about" underline="hover" sx={linkStyle}>
              {t('shell.footer.aboutUs')}
            </Link>
            <Link component={RouterLink} to="/terms-of-use" underline="hover" sx={linkStyle}>
              {t('shell.footer.terms')}
            </Link>
            <Link component={RouterLink} to="/privacy-policy" underline="hover" sx={linkStyle}>
              {t('shell.footer.privacy')}
            </Link>
          </Box>
          <Box component="nav" aria-label={t('shell.footer.topSpecialties')}>
            <Typography sx={heading}>{t('shell.footer.topSpecialties')}</Typography>
            <Box sx={{ columnCount: 2, columnGap: 3 }}>
              {TOP_SPECIALTIES.map((tile) => (
                <Link
                  key={tile.label}
                  component={RouterLink}
                  to={`/provider-search?specialty=${encodeURIComponent(tile.searches)}&page_no=1`}
                  underline="hover"
                  sx={linkStyle}
                >
                  {translateText(tile.label)}
                </Link>
              ))}
            </Box>
          </Box>
        </Box>
        <Typography
          variant="body2"
          sx={{
            mt: 4,
            pt: 2,
            borderTop: 1,
            borderColor: 'rgba(255,255,255,0.12)',
            textAlign: 'center',
          }}
        >
          {t('shell.footer.rights', { year: new Date().getFullYear() })}
        </Typography>
      </Container>
    </Box>
  );
}
