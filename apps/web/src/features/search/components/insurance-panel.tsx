import { useObservableState } from 'observable-hooks';
import { settled } from '../../../live/settled';
import type { InsuranceView } from '@medbook/contracts';
import {
  Box,
  CircularProgress,
  Link,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { catchError, defer, map, of } from 'rxjs';
import { getInsurancePlans, getInsurances } from '../api/search-api';
import { useTranslation } from '../../../shared/i18n';

export interface InsuranceChoice {
  readonly insurance_name: string;
  readonly insurance_plane_name: string;
  readonly insurance_plan_ids: readonly number[];
}

/** The spec's choices that are not a plan (2.3, 9). */
export const NO_INSURANCE = "I don't have insurance";
export const SKIP_INSURANCE = 'Skip insurance';

const startsWith = (name: string, text: string) =>
  name.toLowerCase().startsWith(text.trim().toLowerCase());

/** Spec 2.3: find the insurance, then its plan; or say there is none. */
export function InsurancePanel({ onSelect }: { onSelect: (choice: InsuranceChoice) => void }) {
  const insurances = useObservableState(useMemo(() => settled(defer(() => getInsurances())), []));
  const [text, setText] = useState('');
  const { t } = useTranslation();
  const [insurance, setInsurance] = useState<InsuranceView | null>(null);
  const planList = useObservableState(
    useMemo(
      () =>
        insurance
          ? defer(() => getInsurancePlans(insurance.id)).pipe(
              catchError(() => of([])),
              map((found) => ({ id: insurance.id, found })),
            )
          : of(null),
      [insurance],
    ),
  );
  const plans = planList && planList.id === insurance?.id ? planList.found : null;

  const none = (label: string) =>
    onSelect({ insurance_name: label, insurance_plane_name: '', insurance_plan_ids: [] });
  const rows = insurance
    ? (plans ?? []).filter((p) => startsWith(p.name, text))
    : (insurances?.value ?? []).filter((i) => startsWith(i.name, text));
  const loading = insurance
    ? plans === null
    : insurances?.value === undefined && !insurances?.error;
  return (
    <Box sx={{ width: { xs: 300, sm: 360 }, p: 1.5 }} data-testid="insurance-panel">
      <TextField
        autoFocus
        fullWidth
        size="small"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={insurance ? t('search.searchPlan') : t('search.searchInsurance')}
        slotProps={{
          htmlInput: {
            'aria-label': insurance ? t('search.searchPlan') : t('search.searchCarrier'),
          },
        }}
      />
      {insurance && (
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 1 }}>
          <Typography variant="subtitle2">{insurance.name}</Typography>
          <Link
            component="button"
            type="button"
            onClick={() => {
              setInsurance(null);
              setText('');
            }}
          >
            {t('search.selectInsurance')}
          </Link>
        </Box>
      )}
      <List dense sx={{ maxHeight: 400, overflowY: 'auto', mt: 1 }}>
        {!insurance && (
          <>
            <ListItemButton onClick={() => none(NO_INSURANCE)}>
              <ListItemText primary={t('search.noInsurance')} />
            </ListItemButton>
            <ListItemButton onClick={() => none(SKIP_INSURANCE)}>
              <ListItemText primary={t('search.skipInsurance')} />
            </ListItemButton>
            <ListSubheader disableSticky>{t('search.carriers')}</ListSubheader>
          </>
        )}
        {loading && (
          <Box sx={{ textAlign: 'center', py: 2 }}>
            <CircularProgress size={24} aria-label={t('search.loading')} />
          </Box>
        )}
        {!loading && rows.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {t('search.noResult')}
          </Typography>
        )}
        {rows.map((row) => (
          <ListItemButton
            key={row.id}
            onClick={() => {
              if (!insurance) {
                setInsurance(row as InsuranceView);
                setText('');
                return;
              }
              onSelect({
                insurance_name: insurance.name,
                insurance_plane_name: row.name,
                insurance_plan_ids: [row.id],
              });
            }}
          >
            <ListItemText primary={row.name} />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}
