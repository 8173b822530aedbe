import { Button, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n';
import type { KioskLookupForm, KioskLookupMode } from '../kiosk-lookup';

const BIG_INPUT = { '& .MuiInputBase-input': { fontSize: '1.25rem', py: 2 } };

/** The patient says who they are: last name and date of birth, or the confirmation's code. */
export function KioskLookupFormView(props: {
  form: KioskLookupForm;
  busy: boolean;
  onChange: (form: KioskLookupForm) => void;
  onSubmit: () => void;
}) {
  const { form, busy, onChange } = props;
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Stack
      component="form"
      spacing={3}
      noValidate
      onSubmit={submit}
      aria-label={t('kiosk.findAppointment')}
    >
      <ToggleButtonGroup
        exclusive
        fullWidth
        color="primary"
        value={form.mode}
        onChange={(_, mode: KioskLookupMode | null) => mode && onChange({ ...form, mode })}
        aria-label={t('kiosk.howToFind')}
      >
        <ToggleButton value="name" sx={{ minHeight: 64, fontSize: '1rem' }}>
          {t('kiosk.byName')}
        </ToggleButton>
        <ToggleButton value="code" sx={{ minHeight: 64, fontSize: '1rem' }}>
          {t('kiosk.byCode')}
        </ToggleButton>
      </ToggleButtonGroup>
      {form.mode === 'name' ? (
        <>
          <TextField
            label={t('kiosk.lastName')}
            value={form.lastName}
            onChange={(e) => onChange({ ...form, lastName: e.target.value })}
            autoComplete="off"
            fullWidth
            sx={BIG_INPUT}
          />
          <TextField
            label={t('kiosk.birthDate')}
            type="date"
            value={form.birthDate}
            onChange={(e) => onChange({ ...form, birthDate: e.target.value })}
            autoComplete="off"
            fullWidth
            sx={BIG_INPUT}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      ) : (
        <TextField
          label={t('kiosk.code')}
          helperText={t('kiosk.codeHelp')}
          value={form.code}
          onChange={(e) => onChange({ ...form, code: e.target.value.toUpperCase() })}
          autoComplete="off"
          fullWidth
          sx={{
            ...BIG_INPUT,
            '& .MuiInputBase-input': { fontSize: '1.5rem', py: 2, letterSpacing: 4 },
          }}
          slotProps={{
            htmlInput: { maxLength: 10, autoCapitalize: 'characters', spellCheck: false },
          }}
        />
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={busy}
        sx={{ minHeight: 64, fontSize: '1.25rem' }}
      >
        {t('kiosk.findAppointment')}
      </Button>
    </Stack>
  );
}
