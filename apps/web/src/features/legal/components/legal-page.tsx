import { Box, List, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { LegalDocument } from '../legal-document';
import { PRIVACY_POLICY } from '../privacy-policy';
import { TERMS_OF_USE } from '../terms-of-use';

const DOCUMENTS = [TERMS_OF_USE, PRIVACY_POLICY];

function LegalPage({ document: shown }: { document: LegalDocument }) {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${shown.title} | Medbook`;
  }, [shown]);
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' } }}>
      <Paper component="nav" aria-label="Legal" variant="outlined" sx={{ alignSelf: 'start' }}>
        <List disablePadding>
          {DOCUMENTS.map((d) => (
            <ListItemButton
              key={d.path}
              component={RouterLink}
              to={d.path}
              selected={pathname === d.path}
            >
              <ListItemText primary={d.title} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
      <Paper component="article" variant="outlined" sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {shown.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          Last updated {shown.updated}
        </Typography>
        {shown.sections.map((section) => (
          <Box component="section" key={section.heading} sx={{ mb: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {section.heading}
            </Typography>
            {section.paragraphs.map((text) => (
              <Typography key={text.slice(0, 40)} sx={{ mb: 1.5, lineHeight: 1.7 }}>
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
