import {
  type ProviderSearchDto,
  SEARCH_PAGE_SIZE_DEFAULT,
  type SearchVisitType,
} from '@medbook/contracts';
import { DateTime } from 'luxon';
import { DomainError } from '../../domain/domain-error';
import { INSURANCE_PLANS_BY_ID, LANGUAGES } from '../reference/lists.data';
import { CONDITION_SPECIALTIES, CONDITIONS, SPECIALTIES } from '../reference/specialties.data';
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
  /**
   * Typed text that is no known name (lower-cased): it matches specialties, conditions and
   * provider names by pg_trgm similarity, or the search text by its words (never dropped).
   */
  readonly freeText: string | null;
  /** Lower-cased languages of which the provider must speak one. */
  readonly language: string | null;
  /** Whether the insurances narrow (else they only tell accepts_selected_insurances). */
  readonly insuranceNarrows: boolean;
  /** A bookable calendar's hours open within this many days (1: today). */
  readonly withinDays: number | null;
  readonly origin: { readonly latitude: number; readonly longitude: number } | null;
  readonly maxMiles: number | null;
  readonly date: string | null;
  readonly visitType: 'Office' | 'Telehealth' | null;
  readonly onlineNow: boolean;
  readonly sort: 'distance' | 'availability' | 'name';
  readonly pageNo: number;
  readonly pageSize: number;
  readonly practiceId: string | null;
}

const bad = (message: string) => new DomainError('invalid', message);
/** Known names and the home page's tile labels (spec 2.4), lower-cased, to the name they search. */
const SPECIALTY_NAMES = new Map<string, string>(
  SPECIALTIES.flatMap((s) => [
    [s.name.toLowerCase(), s.name.toLowerCase()],
    ...(s.tile ? [[s.tile.label.toLowerCase(), s.name.toLowerCase()] as [string, string]] : []),
  ]),
);
const CONDITION_NAMES = new Map<string, string>(
  CONDITIONS.flatMap((c) => [
    [c.name.toLowerCase(), c.name.toLowerCase()],
    ...(c.tile ? [[c.tile.label.toLowerCase(), c.name.toLowerCase()] as [string, string]] : []),
  ]),
);
const LANGUAGE_NAMES = new Set(LANGUAGES.map((l) => l.name.toLowerCase()));

/** One term free text is compared with: a name or a tile label, and what it searches. */
export interface SearchTerm {
  readonly term: string;
  readonly kind: 'specialty' | 'condition';
  /** The lower-cased specialty or condition name. */
  readonly name: string;
}

/** Every specialty and condition name and every tile label: free text's vocabulary. */
export const SEARCH_TERMS: readonly SearchTerm[] = [
  ...[...SPECIALTY_NAMES].map(([term, name]) => ({ term, kind: 'specialty' as const, name })),
  ...[...CONDITION_NAMES].map(([term, name]) => ({ term, kind: 'condition' as const, name })),
];

/** Lower-cased specialties that treat a condition, most fitting first (reference data's order). */
export const TREATED_BY: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(CONDITION_SPECIALTIES).map(([condition, by]) => [
    condition.toLowerCase(),
    by.map((s) => s.toLowerCase()),
  ]),
);
/** "Today" for a date filter: the day in the westernmost US zone, so no US visitor is refused. */
const LATEST_US_ZONE = 'Pacific/Pago_Pago';

export const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);

/** Trimmed, lower-cased, inner spaces collapsed and NFC-normalised; empty as null. */
function normalise(value: string | undefined): string | null {
  const text = value?.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  return text ? text : null;
}

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
  // A known name or tile label narrows on the list; other typed text is matched by similarity.
  let specialty: string | null = null;
  let condition: string | null = null;
  const typed: string[] = [];
  const typedSpecialty = normalise(dto.specialty);
  if (typedSpecialty) {
    if (SPECIALTY_NAMES.has(typedSpecialty)) specialty = SPECIALTY_NAMES.get(typedSpecialty)!;
    else if (CONDITION_NAMES.has(typedSpecialty)) condition = CONDITION_NAMES.get(typedSpecialty)!;
    else typed.push(typedSpecialty);
  }
  const typedCondition = normalise(dto.condition);
  if (typedCondition) {
    if (CONDITION_NAMES.has(typedCondition)) condition = CONDITION_NAMES.get(typedCondition)!;
    else if (!condition && SPECIALTY_NAMES.has(typedCondition) && !specialty) {
      specialty = SPECIALTY_NAMES.get(typedCondition)!;
    } else typed.push(typedCondition);
  }
  const freeText = typed.length > 0 ? typed.join(' ') : null;

  let language: string | null = null;
  const typedLanguage = normalise(dto.language);
  if (typedLanguage) {
    if (!LANGUAGE_NAMES.has(typedLanguage)) throw bad('Unknown language.');
    language = typedLanguage;
  }

  const insurances = new Set<string>();
  if (dto.insurance_name?.trim()) insurances.add(dto.insurance_name.trim().toLowerCase());
  for (const planId of dto.insurance_plan_ids ?? []) {
    const insuranceId = Math.floor(planId / 100);
    const plan = INSURANCE_PLANS_BY_ID.get(insuranceId)?.find((p) => p.id === planId);
    if (!plan) throw bad('Invalid insurance plan.');
    insurances.add(plan.insurance_name.toLowerCase());
  }

  const acceptsOnly = dto.accepts_insurance;
  if (acceptsOnly !== undefined && insurances.size === 0) {
    throw bad('Accepts insurance needs an insurance.');
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
    freeText,
    language,
    insuranceNarrows: acceptsOnly !== false && acceptsOnly !== 'false',
    withinDays: dto.available_within_days ?? null,
    origin,
    maxMiles: dto.distance ?? null,
    date: dto.date && !onlineNow ? dto.date : null,
    visitType: visit === 'Office' || visit === 'Telehealth' ? visit : null,
    onlineNow,
    sort:
      dto.sort_on === 'availability'
        ? 'availability'
        : dto.sort_on === 'name' || !origin
          ? 'name'
          : 'distance',
    pageNo: dto.page_no ?? 1,
    pageSize: dto.page_size ?? SEARCH_PAGE_SIZE_DEFAULT,
    practiceId: dto.practice_id ?? null,
  };
}
