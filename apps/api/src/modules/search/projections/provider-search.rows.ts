import type { DirectoryEntry } from '../../directory/domain/directory-entry.events';
import { conditionsTreatedBy } from '../../reference/specialties.data';
import { zipDirectory } from '../../reference/zip-directory';

/** What a provider card shows that comes from the provider's own registration. */
export interface ProviderCard {
  readonly provider_type: 'LocalProvider' | 'VendorProvider';
  readonly first_name: string;
  readonly last_name: string;
  readonly professional_suffixes: readonly string[];
  readonly specialties: readonly string[];
  readonly conditions: readonly string[];
  readonly gender: string | null;
  readonly languages: readonly string[];
  readonly profile_picture_uri: string | null;
  readonly npi: string | null;
  readonly enable_visit_fee: boolean;
  readonly visit_amount: number | null;
  readonly insured_visit_amount: number | null;
  readonly provider_insurances: readonly string[];
  readonly allow_existing_patients_only: boolean;
  readonly profile_ranking: number;
}

export interface FacilityAddress {
  readonly address1?: string;
  readonly address2?: string;
  readonly city?: string;
  readonly state?: string;
  readonly zip_code?: string;
}

/** The spec's default profile ranking (section 9). */
const DEFAULT_RANKING = 15;
const GENDER_CODES: Record<string, 'M' | 'F' | 'U'> = { Male: 'M', Female: 'F' };

/** A facility is placed at its zip code's coordinates (the zipcodes data, so a replay agrees). */
export function facilityPlace(
  details: Record<string, unknown>,
): { latitude: number; longitude: number } | null {
  const zip = (details.address as FacilityAddress | undefined)?.zip_code;
  const found = zip ? zipDirectory.byCode(zip) : null;
  return found ? { latitude: found.latitude, longitude: found.longitude } : null;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const amount = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * What free text finds a provider by: their name, practice, facilities (names and cities),
 * specialties and conditions. Kept apart so an edit of a facility can tell it again from the
 * stored card.
 */
export function providerSearchText(
  card: Pick<ProviderCard, 'first_name' | 'last_name' | 'specialties' | 'conditions'>,
  practiceName: string,
  facilities: readonly { name: string; details: unknown }[],
): string {
  const cities = facilities.map((f) => (f.details as { address?: FacilityAddress }).address?.city);
  return [
    `${card.first_name} ${card.last_name}`,
    practiceName,
    ...facilities.map((f) => f.name),
    ...cities,
    ...card.specialties,
    ...card.conditions,
  ]
    .filter((part): part is string => Boolean(part))
    .join(' | ')
    .toLowerCase();
}

export function providerRow(
  entry: DirectoryEntry,
  practiceName: string,
  facilities: readonly { name: string; details: unknown }[],
) {
  const d = entry.details;
  const specialties = strings(d.specialties);
  const conditions = [...new Set([...strings(d.conditions), ...conditionsTreatedBy(specialties)])];
  const insurances = strings(d.insurances);
  const first_name = typeof d.first_name === 'string' ? d.first_name : entry.name;
  const last_name = typeof d.last_name === 'string' ? d.last_name : '';
  const gender = typeof d.gender === 'string' ? d.gender : null;
  const ranking = typeof d.profile_ranking === 'number' ? d.profile_ranking : DEFAULT_RANKING;
  const languages = strings(d.languages);
  const card: ProviderCard = {
    provider_type: d.provider_type === 'vendorprovider' ? 'VendorProvider' : 'LocalProvider',
    first_name,
    last_name,
    professional_suffixes: strings(d.professional_suffixes),
    specialties,
    conditions,
    gender,
    languages: languages.length > 0 ? languages : ['English'],
    profile_picture_uri: typeof d.profile_picture_uri === 'string' ? d.profile_picture_uri : null,
    npi: typeof d.npi === 'string' ? d.npi : null,
    enable_visit_fee: d.enable_visit_fee === true,
    visit_amount: amount(d.visit_amount),
    insured_visit_amount: amount(d.insured_visit_amount),
    provider_insurances: insurances,
    allow_existing_patients_only: d.allow_existing_patients_only === true,
    profile_ranking: ranking,
  };
  const searchText = providerSearchText(card, practiceName, facilities);
  const lower = (list: readonly string[]) => [...new Set(list.map((s) => s.toLowerCase()))];
  return {
    provider_id: entry.id,
    practice_id: entry.practice_id,
    first_name,
    last_name,
    gender_code: (gender && GENDER_CODES[gender]) ?? 'U',
    specialties_key: lower(specialties),
    conditions_key: lower(conditions),
    insurances_key: lower(insurances),
    languages_key: lower(card.languages),
    facility_ids: [...new Set(strings(d.facility_ids))],
    search_text: searchText,
    profile_ranking: ranking,
    card,
  };
}
