import type { ZipLookupResult } from '@medbook/contracts';
import SearchIcon from '@mui/icons-material/Search';
import { useObservableState } from 'observable-hooks';
import { Box, Button, Popover, TextField, useMediaQuery } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  newSearch,
  type SearchFilter,
  searchPath,
  storedSearch,
  storeSearch,
} from '../search-params';
import { type InsuranceChoice, InsurancePanel } from './insurance-panel';
import { choiceOf, searchOptions$, SpecialtyField } from './specialty-field';
import { ZipField } from './zip-field';
import { translateText, useTranslation } from '../../../shared/i18n';

export type FilterBarMode = 'home' | 'header' | 'page';

const zipChanges = (zip: ZipLookupResult | string): SearchFilter =>
  typeof zip === 'string'
    ? { zip_code: zip, city: '', state_name: '', latitude: '', longitude: '', text_field: '' }
    : {
        zip_code: zip.zip_code,
        city: zip.city,
        state_name: zip.state,
        latitude: String(zip.latitude),
        longitude: String(zip.longitude),
        text_field: zip.text_field,
        county_id: zip.county?.id ?? '',
        county_name: zip.county?.name ?? '',
      };

/** Spec 2.2: specialty or condition, zip code, insurance and Search; every search is a URL. */
export function SearchFilterBar({
  mode,
  initial,
}: {
  mode: FilterBarMode;
  initial?: SearchFilter;
}) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const mobile = useMediaQuery('(max-width: 767.98px)');
  const [filter, setFilter] = useState<SearchFilter>(() => initial ?? storedSearch().filter);
  const [insuranceOpen, setInsuranceOpen] = useState(false);
  const [insuranceBox, setInsuranceBox] = useState<HTMLDivElement | null>(null);
  const size = mode === 'header' ? 'small' : 'medium';

  // What is in the specialty box: a search sends it even when no item was chosen (issue 19).
  const [typed, setTyped] = useState<string | null>(null);
  const options = useObservableState(searchOptions$) ?? [];
  const typedChanges = (): SearchFilter => {
    if (typed === null) return {};
    const text = typed.trim();
    if (text === (filter.condition ?? filter.specialty ?? '')) return {};
    if (!text) return { specialty: '', condition: '' };
    const { name, isCondition } = choiceOf(options, text);
    return isCondition ? { condition: name, specialty: '' } : { specialty: name, condition: '' };
  };

  const search = (changes: SearchFilter) => {
    const next = newSearch(filter, { ...typedChanges(), ...changes });
    setFilter(next);
    storeSearch(next, null);
    void navigate(searchPath(next));
  };
  const chooseInsurance = (choice: InsuranceChoice) => {
    setInsuranceOpen(false);
    setFilter((f) => ({ ...f, ...choice }));
  };
  const insuranceText = filter.insurance_plane_name
    ? `${filter.insurance_name ?? ''} – ${filter.insurance_plane_name}`
    : translateText(filter.insurance_name ?? '');

  return (
    <Box
      component="form"
      role="search"
      aria-label={t('search.findADoctor')}
      onSubmit={(e) => {
        e.preventDefault();
        search({});
      }}
      sx={{
        display: 'grid',
        gap: mode === 'header' ? 1 : 1.5,
        alignItems: 'center',
        gridTemplateColumns:
          mode === 'header' ? '2fr 1fr 1.4fr auto' : { xs: '1fr', md: '2.2fr 1fr 1.6fr auto' },
        ...(mode === 'home' && {
          bgcolor: 'background.paper',
          p: { xs: 1.5, md: 1.5 },
          borderRadius: 3,
          boxShadow: '0 10px 30px rgba(13, 43, 62, 0.18)',
        }),
      }}
    >
      <SpecialtyField
        size={size}
        resources={filter.entity_type === 'resource'}
        value={filter.condition ?? filter.specialty ?? ''}
        onTextChange={setTyped}
        onChoose={({ name, isCondition }) => {
          setTyped(null);
          const changes = isCondition
            ? { condition: name, specialty: '' }
            : { specialty: name, condition: '' };
          setFilter((f) => ({ ...f, ...changes }));
          if (filter.insurance_name) return;
          if (mobile) search(changes);
          else setInsuranceOpen(true);
        }}
      />
      <ZipField
        size={size}
        value={filter.zip_code ?? ''}
        onChoose={(zip) => setFilter((f) => ({ ...f, ...zipChanges(zip) }))}
      />
      <Box ref={setInsuranceBox}>
        <TextField
          fullWidth
          size={size}
          value={insuranceText}
          placeholder={t('search.searchInsurance')}
          onClick={() => setInsuranceOpen(true)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              setInsuranceOpen(true);
            }
          }}
          slotProps={{
            htmlInput: {
              readOnly: true,
              'aria-label': t('search.searchInsurance'),
              'aria-haspopup': 'dialog',
            },
          }}
        />
      </Box>
      <Popover
        open={insuranceOpen}
        anchorEl={insuranceBox}
        onClose={() => setInsuranceOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <InsurancePanel onSelect={chooseInsurance} />
      </Popover>
      <Button
        type="submit"
        variant="contained"
        size="large"
        startIcon={<SearchIcon />}
        sx={{ height: mode === 'header' ? 40 : 56, px: 3, fontWeight: 700, textTransform: 'none' }}
      >
        {t('search.search')}
      </Button>
    </Box>
  );
}
