import { useObservableState } from 'observable-hooks';
import type { ReferenceItem } from '@medbook/contracts';
import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { defer, shareReplay } from 'rxjs';
import { getSearchOptions } from '../api/search-api';
import { useTranslation } from '../../../shared/i18n';

/** The options load once per page (spec 4.2). */
const options$ = defer(() => getSearchOptions()).pipe(shareReplay(1));

interface Props {
  readonly value: string;
  readonly onChoose: (choice: { name: string; isCondition: boolean }) => void;
  /** Every change of the typed text, so a search never drops what was typed but not chosen. */
  readonly onTextChange?: (text: string) => void;
  readonly size?: 'small' | 'medium';
  /** Searching resources: their own placeholder, and no specialties or conditions offered. */
  readonly resources?: boolean;
}

/** The typed text as a choice: a known name (any case) is that item, else a custom value. */
export function choiceOf(
  options: readonly ReferenceItem[],
  text: string,
): { name: string; isCondition: boolean } {
  const known = options.find((o) => o.name.toLowerCase() === text.trim().toLowerCase());
  return { name: known?.name ?? text.trim(), isCondition: known?.subcategory === 'Conditions' };
}

export { options$ as searchOptions$ };

/** Spec 2.2: specialties and conditions in two groups, filterable, custom text allowed. */
export function SpecialtyField({
  value,
  onChoose,
  onTextChange,
  size = 'medium',
  resources = false,
}: Props) {
  const loaded = useObservableState(options$);
  const [text, setText] = useState(value);
  const { t } = useTranslation();
  const options = resources ? [] : (loaded ?? []);
  const placeholder = resources
    ? t('resourcesSearch.searchPlaceholder')
    : t('search.searchSpecialty');
  const choose = (chosen: ReferenceItem | string | null) => {
    if (chosen === null) return;
    if (typeof chosen === 'string') {
      onChoose(choiceOf(options, chosen));
      return;
    }
    onChoose({ name: chosen.name, isCondition: chosen.subcategory === 'Conditions' });
  };
  return (
    <Autocomplete<ReferenceItem, false, true, true>
      freeSolo
      disableClearable
      autoHighlight
      loading={!resources && loaded === undefined}
      loadingText={t('search.loading')}
      options={options}
      groupBy={(o) => o.subcategory}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.name)}
      inputValue={text}
      onInputChange={(_e, next, reason) => {
        if (reason !== 'reset' || next) {
          setText(next);
          onTextChange?.(next);
        }
      }}
      onChange={(_e, chosen) => choose(chosen)}
      slotProps={{ listbox: { sx: { maxHeight: 360 } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          size={size}
          placeholder={placeholder}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-label': placeholder,
            },
          }}
        />
      )}
    />
  );
}
