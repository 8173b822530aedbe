import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Link,
  Typography,
} from '@mui/material';
import { useTranslation } from '../../../shared/i18n';

/**
 * Consent to the Terms of Use and Privacy Policy, asked by every way to make an account (the
 * form and a social sign-in's last step); the API refuses an account without it.
 */
export function TermsConsent({
  id,
  checked,
  onChange,
  error,
}: {
  /** Prefix of the ids: `${id}-terms` on the box, `${id}-terms-error` on its error. */
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormControl error={!!error}>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            onChange={(e) => onChange(e.target.checked)}
            slotProps={{
              input: {
                'aria-invalid': !!error,
                'aria-describedby': error ? `${id}-terms-error` : undefined,
                // @ts-expect-error data attributes pass through to the input
                'data-testid': `${id}-terms`,
              },
            }}
          />
        }
        label={
          <Typography variant="body2">
            {t('account.agree')}{' '}
            <Link href="/terms-of-use" target="_blank" rel="noopener">
              {t('account.terms')}
            </Link>{' '}
            {t('account.andThe')}{' '}
            <Link href="/privacy-policy" target="_blank" rel="noopener">
              {t('account.privacy')}
            </Link>
            {t('account.agreeEnd')}
          </Typography>
        }
      />
      {error && <FormHelperText id={`${id}-terms-error`}>{error}</FormHelperText>}
    </FormControl>
  );
}
