import { Box, List, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from '../../../shared/i18n';
import { DateTime, formatDate } from '../../../shared/i18n/dates';
import type { LegalDocument, LegalSectionTexts } from '../legal-document';
import { PRIVACY_POLICY } from '../privacy-policy';
import { TERMS_OF_USE } from '../terms-of-use';

const DOCUMENTS = [TERMS_OF_USE, PRIVACY_POLICY];

function LegalPage({ document: shown }: { document: LegalDocument }) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const title = t(`legal.${shown.key}.title`);
  const sections = Object.entries(
    t(`legal.${shown.key}.sections`, { returnObjects: true }) as unknown as Record<
      string,
      LegalSectionTexts
    >,
  );
  const updated = formatDate(DateTime.fromISO(shown.updated), 'MMMM d, y', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  useEffect(() => {
    document.title = `${title} | Medbook`;
  }, [title]);
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' } }}>
      <Paper
        component="nav"
        aria-label={t('legal.nav')}
        variant="outlined"
        sx={{ alignSelf: 'start' }}
      >
        <List disablePadding>
          {DOCUMENTS.map((d) => (
            <ListItemButton
              key={d.path}
              component={RouterLink}
              to={d.path}
              selected={pathname === d.path}
            >
              <ListItemText primary={t(`legal.${d.key}.title`)} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
      <Paper component="article" variant="outlined" sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {t('legal.lastUpdated', { date: updated })}
        </Typography>
        {sections.map(([id, { heading, ...paragraphs }]) => (
          <Box component="section" key={id} sx={{ mb: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {heading}
            </Typography>
            {Object.entries(paragraphs).map(([p, text]) => (
              <Typography key={p} sx={{ mb: 1.5, lineHeight: 1.7 }}>
                {text}
              </Typography>
            ))}
          </Box>
        ))}
      </Paper>
    </Box>
  );
}

export const TermsOfUsePage = () => <LegalPage document={TERMS_OF_USE} />;
export const PrivacyPolicyPage = () => <LegalPage document={PRIVACY_POLICY} />;
