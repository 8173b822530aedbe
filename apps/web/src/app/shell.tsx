import { AppBar, Box, Container, Link, Toolbar, Typography } from '@mui/material';
import { Outlet, Link as RouterLink } from 'react-router';
import { AccountMenu } from './account-menu';

export function Shell() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" elevation={0}>
        <Toolbar>
          <Link
            component={RouterLink}
            to="/"
            underline="none"
            color="inherit"
            variant="h6"
            sx={{ fontWeight: 700, letterSpacing: 0.5 }}
          >
            Medbook
          </Link>
          <Box sx={{ flex: 1 }} />
          <AccountMenu />
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ flex: 1, py: 4 }}>
        <Outlet />
      </Container>
      <Box component="footer" sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
        <Typography variant="body2">© {new Date().getFullYear()} Medbook</Typography>
      </Box>
    </Box>
  );
}
