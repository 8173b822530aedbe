import { useObservableState } from 'observable-hooks';
import type { ZipLookupResult } from '@medbook/contracts';
import { Autocomplete, Box, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { catchError, defer, map, type Observable, of } from 'rxjs';
import { lookupZip } from '../api/search-api';
import { useTranslation } from '../../../shared/i18n';

/** Zip lookup starts at this many digits (spec 5: the minimum comes from configuration). */
const LOOKUP_FROM = 3;

export const titleCase = (text: string): string =>
  text
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_m, gap: string, letter: string) => gap + letter.toUpperCase());

/** Spec 4.2: when every row shares one zip, only the first is used. */
const oneRowPerZip = (rows: ZipLookupResult[]): ZipLookupResult[] =>
  rows.length > 0 && rows.every((r) => r.zip_code === rows[0]?.zip_code) ? rows.slice(0, 1) : rows;

const zipOptions$ = (text: string): Observable<ZipLookupResult[]> =>
  text.length < LOOKUP_FROM
    ? of([])
    : defer(() => lookupZip(text)).pipe(
        map(oneRowPerZip),
        catchError(() => of([])),
      );

interface Props {
  readonly value: string;
  readonly onChoose: (zip: ZipLookupResult | string) => void;
  readonly size?: 'small' | 'medium';
}

/** Spec 2.2: digits only; each row a zip code, its city in title case and the state's name. */
export function ZipField({ value, onChoose, size = 'medium' }: Props) {
  const [text, setText] = useState(value);
  const { t } = useTranslation();
  const rows$ = useMemo(() => zipOptions$(text), [text]);
  const options = useObservableState(rows$) ?? [];
  return (
    <Autocomplete<ZipLookupResult, false, true, true>
      freeSolo
      disableClearable
      options={options}
      filterOptions={(o) => o}
      inputValue={text}
      onInputChange={(_e, next) => setText(next.replace(/\D/g, '').slice(0, 9))}
      onChange={(_e, chosen) => onChoose(chosen)}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.zip_code)}
      slotProps={{ popper: { sx: { minWidth: 300 } } }}
      renderOption={(props, o) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1 }}>
            <strong>{o.zip_code}</strong>
            <span>
              {titleCase(o.city)}, {o.state}
            </span>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          size={size}
          placeholder={t('search.zipCode')}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-label': t('search.zipCode'),
              inputMode: 'numeric',
            },
          }}
        />
      )}
    />
  );
}
