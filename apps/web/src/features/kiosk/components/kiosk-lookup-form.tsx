import { Button, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { FormEvent } from 'react';
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
      aria-label="Find my appointment"
    >
      <ToggleButtonGroup
        exclusive
        fullWidth
        color="primary"
        value={form.mode}
        onChange={(_, mode: KioskLookupMode | null) => mode && onChange({ ...form, mode })}
        aria-label="How to find your appointment"
      >
        <ToggleButton value="name" sx={{ minHeight: 64, fontSize: '1rem' }}>
          Name and date of birth
        </ToggleButton>
        <ToggleButton value="code" sx={{ minHeight: 64, fontSize: '1rem' }}>
          Confirmation code
        </ToggleButton>
      </ToggleButtonGroup>
      {form.mode === 'name' ? (
        <>
          <TextField
            label="Last name"
            value={form.lastName}
            onChange={(e) => onChange({ ...form, lastName: e.target.value })}
            autoComplete="off"
            fullWidth
            sx={BIG_INPUT}
          />
          <TextField
            label="Date of birth"
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
          label="Code"
          helperText="The 8 letters and digits on your confirmation or appointment card"
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
        Find my appointment
      </Button>
    </Stack>
  );
}
