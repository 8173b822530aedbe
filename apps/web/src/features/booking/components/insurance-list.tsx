import {
  Box,
  Button,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import type { InsuranceChoice } from '../booking-stages';
import { INSURANCE_TEXTS, insuranceLabel, matchingInsurances } from '../insurance-options';
import { translateText, useTranslation } from '../../../shared/i18n';

interface Props {
  readonly insurances: readonly string[];
  readonly selfPayOffered: boolean;
  readonly value: InsuranceChoice | null;
  readonly onChange: (choice: InsuranceChoice | null) => void;
}

/** The spec's insurance search list: the fixed choices, then insurances starting with the text. */
export function InsuranceList({ insurances, selfPayOffered, value, onChange }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  if (value !== null) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography data-testid="insurance-choice" sx={{ fontWeight: 600 }}>
          {insuranceLabel(value)}
        </Typography>
        <Button
          variant="text"
          onClick={() => {
            setTyped('');
            onChange(null);
          }}
        >
          {INSURANCE_TEXTS.selectAgain}
        </Button>
      </Stack>
    );
  }
  const matches = matchingInsurances(insurances, typed);
  const fixed: { choice: InsuranceChoice; label: string }[] = [
    ...(selfPayOffered ? [{ choice: 'self-pay' as const, label: INSURANCE_TEXTS.selfPaying }] : []),
    { choice: 'no-insurance', label: INSURANCE_TEXTS.noInsurance },
    { choice: 'skip', label: INSURANCE_TEXTS.skip },
  ];
  return (
    <Box>
      <TextField
        label={t('booking.insurance.search')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        fullWidth
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'insurance-search' } }}
      />
      <Paper variant="outlined" sx={{ mt: 1, maxHeight: 400, overflow: 'auto' }}>
        <List dense aria-label={t('booking.insurance.choices')} disablePadding>
          {fixed.map(({ choice, label }) => (
            <ListItem key={label} disablePadding>
              <ListItemButton onClick={() => onChange(choice)}>
                <ListItemText primary={translateText(label)} />
              </ListItemButton>
            </ListItem>
          ))}
          <ListSubheader>{t('booking.insurance.insurances')}</ListSubheader>
          {matches.map((name) => (
            <ListItem key={name} disablePadding>
              <ListItemButton onClick={() => onChange({ insurance: name })}>
                <ListItemText primary={name} />
              </ListItemButton>
            </ListItem>
          ))}
          {matches.length === 0 && (
            <ListItem>
              <Typography role="status" sx={{ py: 0.5 }} color="text.secondary">
                {INSURANCE_TEXTS.noResult}
              </Typography>
            </ListItem>
          )}
        </List>
      </Paper>
    </Box>
  );
}
