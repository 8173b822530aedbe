import { useObservableState } from 'observable-hooks';
import type { ReferenceItem } from '@medbook/contracts';
import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { defer, shareReplay } from 'rxjs';
import { getSearchOptions } from '../api/search-api';

/** The options load once per page (spec 4.2). */
const options$ = defer(() => getSearchOptions()).pipe(shareReplay(1));

interface Props {
  readonly value: string;
  readonly onChoose: (choice: { name: string; isCondition: boolean }) => void;
  readonly size?: 'small' | 'medium';
}

/** Spec 2.2: specialties and conditions in two groups, filterable, custom text allowed. */
export function SpecialtyField({ value, onChoose, size = 'medium' }: Props) {
  const loaded = useObservableState(options$);
  const [text, setText] = useState(value);
  const options = loaded ?? [];
  const choose = (chosen: ReferenceItem | string | null) => {
    if (chosen === null) return;
    if (typeof chosen === 'string') {
      const known = options.find((o) => o.name.toLowerCase() === chosen.trim().toLowerCase());
      onChoose({
        name: known?.name ?? chosen.trim(),
        isCondition: known?.subcategory === 'Conditions',
      });
      return;
    }
    onChoose({ name: chosen.name, isCondition: chosen.subcategory === 'Conditions' });
  };
  return (
    <Autocomplete<ReferenceItem, false, true, true>
      freeSolo
      disableClearable
      autoHighlight
      loading={loaded === undefined}
      loadingText="Loading..."
      options={options}
      groupBy={(o) => o.subcategory}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.name)}
      inputValue={text}
      onInputChange={(_e, next, reason) => {
        if (reason !== 'reset' || next) setText(next);
      }}
      onChange={(_e, chosen) => choose(chosen)}
      slotProps={{ listbox: { sx: { maxHeight: 360 } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          size={size}
          placeholder="Search condition or specialty"
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-label': 'Search condition or specialty',
            },
          }}
        />
      )}
    />
  );
}
