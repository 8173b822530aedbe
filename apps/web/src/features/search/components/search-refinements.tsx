import { AVAILABLE_WITHIN_DAYS, type CodedItem, SEARCH_DISTANCES } from '@medbook/contracts';
import { Box, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { useObservableState } from 'observable-hooks';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { defer, shareReplay } from 'rxjs';
import { getLanguages, searchesInsurance } from '../api/search-api';
import { type SearchFilter, type SearchParam, searchPath } from '../search-params';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../shared/i18n';

/** The languages load once per page. */
const languages$ = defer(() => getLanguages()).pipe(shareReplay(1));

const ANY = '';
const VISIT_TYPES = (t: TFunction): readonly [string, string][] => [
  [ANY, t('search.any')],
  ['Office', t('search.officeVisit')],
  ['Telehealth', t('search.videoVisit')],
  ['Online Now', t('search.onlineNow')],
];
const GENDERS = (t: TFunction): readonly [string, string][] => [
  [ANY, t('search.any')],
  ['F', t('search.female')],
  ['M', t('search.male')],
];
const WITHIN = (t: TFunction): readonly [string, string][] => [
  [ANY, t('search.anyTime')],
  ...AVAILABLE_WITHIN_DAYS.map((days): [string, string] => [
    String(days),
    days === 1 ? t('search.today') : t('search.withinDays', { count: days }),
  ]),
];
const DISTANCES = (t: TFunction): readonly [string, string][] => [
  [ANY, t('search.anyDistance')],
  ...SEARCH_DISTANCES.map((miles): [string, string] => [
    String(miles),
    t('search.withinMiles', { count: miles }),
  ]),
];

function Choice({
  label,
  value,
  choices,
  onChange,
  disabled,
  helper,
}: {
  label: string;
  value: string;
  choices: readonly [string, string][];
  onChange: (value: string) => void;
  disabled?: boolean;
  helper?: ReactNode;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={choices.some(([v]) => v === value) ? value : ANY}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      helperText={helper}
      sx={{ minWidth: { xs: 0, sm: 170 } }}
      slotProps={{
        select: { displayEmpty: true },
        inputLabel: { shrink: true },
        // A hint stays readable beside a disabled control (contrast 4.5:1).
        formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
      }}
    >
      {choices.map(([v, text]) => (
        <MenuItem key={v || 'any'} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The search page's filters (issue 19): visit type, distance, accepts my insurance, available
 * within N days, language, gender and the sort after relevance. Each change is a new address
 * (page 1), so a reload or a shared link keeps them.
 */
export function SearchRefinements({ filter }: { filter: SearchFilter }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const languages = useObservableState(languages$) ?? ([] as CodedItem[]);
  const located = Boolean(filter.zip_code || (filter.latitude && filter.longitude));
  const set = (name: SearchParam, value: string) =>
    void navigate(searchPath({ ...filter, [name]: value, page_no: '1', page_changed: '' }));
  const sort = filter.sort_on === 'distance' && !located ? 'name' : (filter.sort_on ?? 'name');
  return (
    <Box
      component="section"
      aria-label={t('search.filterResults')}
      data-testid="search-refinements"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(170px, 1fr))' },
        alignItems: 'start',
      }}
    >
      <Choice
        label={t('search.visitType')}
        value={filter.visit_type ?? ANY}
        choices={VISIT_TYPES(t)}
        onChange={(v) => set('visit_type', v)}
      />
      <Choice
        label={t('search.distance')}
        value={located ? (filter.distance ?? ANY) : ANY}
        choices={DISTANCES(t)}
        disabled={!located}
        helper={located ? undefined : t('search.chooseZipFirst')}
        onChange={(v) => set('distance', v)}
      />
      <Choice
        label={t('search.available')}
        value={filter.available_within_days ?? ANY}
        choices={WITHIN(t)}
        onChange={(v) => set('available_within_days', v)}
      />
      <Choice
        label={t('search.language')}
        value={filter.language ?? ANY}
        choices={[
          [ANY, t('search.any')],
          ...languages.map((l): [string, string] => [l.name, l.name]),
        ]}
        onChange={(v) => set('language', v)}
      />
      <Choice
        label={t('search.gender')}
        value={filter.gender_code ?? ANY}
        choices={GENDERS(t)}
        onChange={(v) => set('gender_code', v)}
      />
      <Choice
        label={t('search.sortBy')}
        value={sort}
        choices={[
          ...(located ? [['distance', t('search.distance')] as [string, string]] : []),
          ['availability', t('search.availability')],
          ['name', t('search.name')],
        ]}
        onChange={(v) => set('sort_on', v)}
      />
      {searchesInsurance(filter) && (
        <FormControlLabel
          sx={{ gridColumn: { xs: '1 / -1', sm: 'span 2' }, m: 0 }}
          control={
            <Checkbox
              checked={filter.accepts_insurance !== 'false'}
              onChange={(e) => set('accepts_insurance', e.target.checked ? '' : 'false')}
            />
          }
          label={t('search.acceptsInsurance')}
        />
      )}
    </Box>
  );
}
