import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';

/** A password box with the show/hide toggle. */
export function PasswordField(props: TextFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? t('account.hidePassword') : t('account.showPassword')}
                onClick={() => setShown((s) => !s)}
                edge="end"
                size="small"
              >
                {shown ? t('account.hide') : t('account.show')}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
