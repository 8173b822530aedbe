import { createTheme } from '@mui/material';

export const theme = createTheme({
  palette: {
    primary: { main: '#0b6e99' },
    secondary: { main: '#2e7d32' },
    background: { default: '#f5f7fa' },
  },
  shape: { borderRadius: 10 },
  typography: { fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});
