import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Stack, Typography } from '@mui/material';
import { translateText, useTranslation } from '../../../shared/i18n';

/**
 * The password rule (validation.ts's PASSWORD_RULE) told as the checks a person can meet one by
 * one: eight or more characters, upper and lower case letters, a digit and a symbol.
 */
export const PASSWORD_CHECKS: readonly { readonly label: string; readonly test: RegExp }[] = [
  { label: 'At least 8 characters', test: /^.{8,128}$/s },
  { label: 'An uppercase letter', test: /[A-Z]/ },
  { label: 'A lowercase letter', test: /[a-z]/ },
  { label: 'A number', test: /\d/ },
  { label: 'A symbol (such as ! or #)', test: /[^A-Za-z0-9]/ },
];

/** In the accessibility tree, not on screen (px units: MUI reads 1 as 100%). */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The checks under the password box, each ticked as it is met while the person types. */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation();
  return (
    <Box id={id} data-testid="password-rules">
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('account.passwordNeeds')}
      </Typography>
      <Stack component="ul" spacing={0.25} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {PASSWORD_CHECKS.map(({ label, test }) => {
          const met = test.test(password);
          return (
            <Stack
              key={label}
              component="li"
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center' }}
              data-testid="password-rule"
              data-met={met}
            >
              {met ? (
                <CheckCircle fontSize="small" color="success" aria-hidden />
              ) : (
                <RadioButtonUnchecked fontSize="small" color="action" aria-hidden />
              )}
              <Typography variant="body2" color={met ? 'success.dark' : 'text.secondary'}>
                {translateText(label)}
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  {met ? t('account.met') : t('account.notMet')}
                </Box>
              </Typography>
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
