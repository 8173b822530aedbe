import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { LAST_SECTION } from '../landing-rules';
import { anchorOf } from '../hooks/use-landing-sections';
import { translateText, useTranslation } from '../../../shared/i18n';
import { CONTACT, HERO, PITCH, SECTION_COPY } from './landing-copy';
import { DemoRequestForm } from './demo-request-form';

export function SectionBody({
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
