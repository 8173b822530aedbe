import { createTheme } from '@mui/material';

const PRIMARY = '#0b6e99';

/** A keyboard user always sees where focus is: a ring on every focusable thing, not only a tint. */
const focusRing = { outline: `2px solid ${PRIMARY}`, outlineOffset: 2 } as const;

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY },
    secondary: { main: '#2e7d32' },
    background: { default: '#f5f7fa' },
  },
  shape: { borderRadius: 10 },
  typography: { fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
    MuiCssBaseline: {
      styleOverrides: {
        'a:focus-visible, [tabindex]:focus-visible, input[type="checkbox"]:focus-visible':
          focusRing,
      },
    },
  },
});
