import {
  type ProviderSearchDto,
  SEARCH_PAGE_SIZE_DEFAULT,
  type SearchVisitType,
} from '@medbook/contracts';
import { DateTime } from 'luxon';
import { DomainError } from '../../domain/domain-error';
import { INSURANCE_PLANS_BY_ID } from '../reference/lists.data';
import { CONDITIONS, SPECIALTIES } from '../reference/specialties.data';
import { zipDirectory } from '../reference/zip-directory';

/** The search filter, resolved: what the query narrows on. */
export interface SearchCriteria {
  /** Lower-cased names that must be among the provider's specialties / conditions. */
  readonly specialty: string | null;
  readonly condition: string | null;
  /** Lower-cased insurance names; the provider must accept one of them. */
  readonly insurances: readonly string[];
  readonly genderCode: 'M' | 'F' | 'U' | null;
  /** Lower-cased words each of which must appear in the provider's search text. */
  readonly words: readonly string[];
  readonly origin: { readonly latitude: number; readonly longitude: number } | null;
  readonly maxMiles: number | null;
  readonly date: string | null;
  readonly visitType: 'Office' | 'Telehealth' | null;
  readonly onlineNow: boolean;
  readonly sort: 'distance' | 'name';
  readonly pageNo: number;
  readonly pageSize: number;
  readonly practiceId: string | null;
}

const bad = (message: string) => new DomainError('invalid', message);
const SPECIALTY_NAMES = new Set(SPECIALTIES.map((s) => s.name.toLowerCase()));
const CONDITION_NAMES = new Set(CONDITIONS.map((c) => c.name.toLowerCase()));
/** "Today" for a date filter: the day in the westernmost US zone, so no US visitor is refused. */
const LATEST_US_ZONE = 'Pacific/Pago_Pago';

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);

function numberOrNull(value: number | string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export function searchCriteria(dto: ProviderSearchDto, now: Date): SearchCriteria {
  for (const value of Object.values(dto)) {
    if (typeof value === 'string' && CONTROL.test(value)) throw bad('Invalid');
  }
  const words: string[] = [];
  // A known name narrows on the list; a typed custom value searches the text.
  let specialty: string | null = null;
  let condition: string | null = null;
  const typedSpecialty = dto.specialty?.trim().toLowerCase();
  if (typedSpecialty) {
    if (SPECIALTY_NAMES.has(typedSpecialty)) specialty = typedSpecialty;
    else if (CONDITION_NAMES.has(typedSpecialty)) condition = typedSpecialty;
    else words.push(...wordsOf(typedSpecialty));
  }
  const typedCondition = dto.condition?.trim().toLowerCase();
  if (typedCondition) {
    if (CONDITION_NAMES.has(typedCondition)) condition = typedCondition;
    else words.push(...wordsOf(typedCondition));
  }

  const insurances = new Set<string>();
  if (dto.insurance_name?.trim()) insurances.add(dto.insurance_name.trim().toLowerCase());
  for (const planId of dto.insurance_plan_ids ?? []) {
    const insuranceId = Math.floor(planId / 100);
    const plan = INSURANCE_PLANS_BY_ID.get(insuranceId)?.find((p) => p.id === planId);
    if (!plan) throw bad('Invalid insurance plan.');
    insurances.add(plan.insurance_name.toLowerCase());
  }

  let origin: SearchCriteria['origin'] = null;
  const latitude = numberOrNull(dto.latitude);
  const longitude = numberOrNull(dto.longitude);
  if ((latitude === null) !== (longitude === null)) {
    throw bad('Latitude and longitude go together.');
  }
  if (latitude !== null && longitude !== null) origin = { latitude, longitude };
  else if (dto.zip_code) {
    const zip = zipDirectory.byCode(dto.zip_code);
    if (!zip) throw bad('Invalid zip code.');
    origin = { latitude: zip.latitude, longitude: zip.longitude };
  }
  if (dto.distance !== undefined && !origin) {
    throw bad('A distance needs a zip code or a location.');
  }
  // text_field names the location when one is given (spec: 'City, State zip'); else free text.
  if (dto.text_field?.trim() && !origin) words.push(...wordsOf(dto.text_field));

  if (dto.date) {
    const day = DateTime.fromISO(dto.date, { zone: 'UTC' });
    if (!day.isValid) throw bad('Invalid Date');
    const today = DateTime.fromJSDate(now, { zone: LATEST_US_ZONE }).toISODate()!;
    if (dto.date < today) {
      throw bad(`Date cannot be before ${DateTime.fromISO(today).toFormat('MM/dd/yyyy')}.`);
    }
  }

  // walk_in_tele_visit_enabled alone does not narrow (the default state has it 'true'); the
  // walk-in search's visit_type 'Online Now' does.
  const visit: SearchVisitType | undefined = dto.visit_type;
  const onlineNow = visit === 'Online Now';
  return {
    specialty,
    condition,
    insurances: [...insurances],
    genderCode: dto.gender_code ?? null,
    words: [...new Set(words)],
    origin,
    maxMiles: dto.distance ?? null,
    date: dto.date && !onlineNow ? dto.date : null,
    visitType: visit === 'Office' || visit === 'Telehealth' ? visit : null,
    onlineNow,
    sort: dto.sort_on === 'name' || !origin ? 'name' : 'distance',
    pageNo: dto.page_no ?? 1,
    pageSize: dto.page_size ?? SEARCH_PAGE_SIZE_DEFAULT,
    practiceId: dto.practice_id ?? null,
  };
}
