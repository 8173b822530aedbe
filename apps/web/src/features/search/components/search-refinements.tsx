import { AVAILABLE_WITHIN_DAYS, type CodedItem, SEARCH_DISTANCES } from '@medbook/contracts';
import { Box, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { useObservableState } from 'observable-hooks';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { defer, shareReplay } from 'rxjs';
import { getLanguages, searchesInsurance } from '../api/search-api';
import { type SearchFilter, type SearchParam, searchPath } from '../search-params';

/** The languages load once per page. */
const languages$ = defer(() => getLanguages()).pipe(shareReplay(1));

const ANY = '';
const VISIT_TYPES: readonly [string, string][] = [
  [ANY, 'Any'],
  ['Office', 'Office visit'],
  ['Telehealth', 'Video visit'],
  ['Online Now', 'Online now'],
];
const GENDERS: readonly [string, string][] = [
  [ANY, 'Any'],
  ['F', 'Female'],
  ['M', 'Male'],
];
const WITHIN: readonly [string, string][] = [
  [ANY, 'Any time'],
  ...AVAILABLE_WITHIN_DAYS.map((days): [string, string] => [
    String(days),
    days === 1 ? 'Today' : `Within ${days} days`,
  ]),
];
const DISTANCES: readonly [string, string][] = [
  [ANY, 'Any distance'],
  ...SEARCH_DISTANCES.map((miles): [string, string] => [String(miles), `Within ${miles} miles`]),
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
  const languages = useObservableState(languages$) ?? ([] as CodedItem[]);
  const located = Boolean(filter.zip_code || (filter.latitude && filter.longitude));
  const set = (name: SearchParam, value: string) =>
    void navigate(searchPath({ ...filter, [name]: value, page_no: '1', page_changed: '' }));
  const sort = filter.sort_on === 'distance' && !located ? 'name' : (filter.sort_on ?? 'name');
  return (
    <Box
      component="section"
      aria-label="Filter results"
      data-testid="search-refinements"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(170px, 1fr))' },
        alignItems: 'start',
      }}
    >
      <Choice
        label="Visit type"
        value={filter.visit_type ?? ANY}
        choices={VISIT_TYPES}
        onChange={(v) => set('visit_type', v)}
      />
      <Choice
        label="Distance"
        value={located ? (filter.distance ?? ANY) : ANY}
        choices={DISTANCES}
        disabled={!located}
        helper={located ? undefined : 'Choose a zip code first'}
        onChange={(v) => set('distance', v)}
      />
      <Choice
        label="Available"
        value={filter.available_within_days ?? ANY}
        choices={WITHIN}
        onChange={(v) => set('available_within_days', v)}
      />
      <Choice
        label="Language"
        value={filter.language ?? ANY}
        choices={[[ANY, 'Any'], ...languages.map((l): [string, string] => [l.name, l.name])]}
        onChange={(v) => set('language', v)}
      />
      <Choice
        label="Gender"
        value={filter.gender_code ?? ANY}
        choices={GENDERS}
        onChange={(v) => set('gender_code', v)}
      />
      <Choice
        label="Sort by"
        value={sort}
        choices={[
          ...(located ? [['distance', 'Distance'] as [string, string]] : []),
          ['availability', 'Availability'],
          ['name', 'Name'],
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
          label="Accepts my insurance"
        />
      )}
    </Box>
  );
}
