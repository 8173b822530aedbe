import type { CodedItem } from '@medbook/contracts';
import zipcodes from 'zipcodes';

const titleCase = (text: string): string =>
  text
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, gap: string, letter: string) => gap + letter.toUpperCase());

/** US states, DC and territories, from the `zipcodes` package, ordered by name. */
export const US_STATES: readonly CodedItem[] = Object.entries(zipcodes.states.full)
  .map(([name, code]) => ({ code, name: titleCase(name).replace(' Of ', ' of ') }))
  .sort((a, b) => a.name.localeCompare(b.name))
  .map((state, i) => ({ id: i + 1, ...state }));

const NAME_BY_CODE = new Map(US_STATES.map((s) => [s.code, s.name]));

export const stateName = (code: string): string => NAME_BY_CODE.get(code) ?? code;

export { titleCase };
