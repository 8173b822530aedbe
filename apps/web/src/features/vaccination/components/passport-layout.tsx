import { Alert, Box, CircularProgress, Container, Typography } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { translateText } from '../../../shared/i18n';

/** The passport pages' frame: a heading, then the page's content. */
export function PassportLayout({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} | MedBook`;
  }, [title]);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, mb: 3, fontSize: { xs: 26, md: 34 } }}
      >
        {title}
      </Typography>
      {children}
    </Container>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

export const Failed = ({ message }: { message: string }) => (
  <Alert severity="error">{translateText(message)}</Alert>
);
