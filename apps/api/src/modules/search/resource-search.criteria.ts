import {
  type ResourceSearchDto,
  type ResourceType,
  SEARCH_PAGE_SIZE_DEFAULT,
} from '@medbook/contracts';
import { DomainError } from '../../domain/domain-error';
import { zipDirectory } from '../reference/zip-directory';
import { wordsOf } from './provider-search.criteria';

/** The resource filter, resolved. */
export interface ResourceCriteria {
  /** Typed text (lower-cased, trimmed): the name or type by similarity, or every word. */
  readonly text: string | null;
  readonly words: readonly string[];
  readonly resourceType: ResourceType | null;
  readonly resourceId: string | null;
  readonly practiceId: string | null;
  readonly origin: { readonly latitude: number; readonly longitude: number } | null;
  readonly maxMiles: number | null;
  readonly date: string | null;
  readonly sort: 'distance' | 'availability' | 'name';
  readonly pageNo: number;
  readonly pageSize: number;
  /** A visit kind no resource has (Office, Telehealth): nothing is found. */
  readonly nothing: boolean;
}

const bad = (message: string) => new DomainError('invalid', message);
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const numberOrNull = (value: number | string | undefined): number | null => {
  if (value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

export function resourceCriteria(dto: ResourceSearchDto): ResourceCriteria {
  for (const value of Object.values(dto)) {
    if (typeof value === 'string' && CONTROL.test(value)) throw bad('Invalid');
  }
  let origin: ResourceCriteria['origin'] = null;
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
  // text_field names the location when one is given (as in the provider search); else free text.
  const typed = [dto.name, origin ? undefined : dto.text_field]
    .map((t) => t?.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase() ?? '')
    .filter((t) => t.length > 0)
    .join(' ');
  const text = typed.length > 0 ? typed : null;
  return {
    text,
    words: text ? wordsOf(text) : [],
    resourceType: dto.resource_type ?? null,
    resourceId: dto.resource_id ?? null,
    practiceId: dto.practice_id ?? null,
    origin,
    maxMiles: dto.distance ?? null,
    date: dto.date ?? null,
    sort:
      dto.sort_on === 'availability'
        ? 'availability'
        : dto.sort_on === 'name' || !origin
          ? 'name'
          : 'distance',
    pageNo: dto.page_no ?? 1,
    pageSize: dto.page_size ?? SEARCH_PAGE_SIZE_DEFAULT,
    nothing: dto.visit_type !== undefined && dto.visit_type !== 'Resource',
  };
}
