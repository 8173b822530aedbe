import { getContrastRatio } from '@mui/material';
import { theme } from './theme';

/** WCAG AA for normal text. */
const AA = 4.5;

describe('theme colours carry text at 4.5:1 or more', () => {
  it('the warning colour (the Pending chip) with its text', () => {
    const { main, contrastText } = theme.palette.warning;
    expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(AA);
  });

  it.each(['primary', 'secondary', 'error', 'success'] as const)(
    'the %s colour with its text',
    (name) => {
      const { main, contrastText } = theme.palette[name];
      expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(AA);
    },
  );

  it('an avatar without a picture (initials on the home page and in menus)', () => {
    const style = theme.components?.MuiAvatar?.styleOverrides?.colorDefault as {
      color: string;
      backgroundColor: string;
    };
    expect(getContrastRatio(style.color, style.backgroundColor)).toBeGreaterThanOrEqual(AA);
  });
});
