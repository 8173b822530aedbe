import type { ResourceSearchDto, ResourceSearchResult, ResourceType } from '@medbook/contracts';
import { RESOURCE_TYPES } from '@medbook/contracts';
import { api } from '../../../shared/api-client';
import type { SearchFilter } from '../search-params';

const NUMBERS = ['latitude', 'longitude', 'distance'] as const;
const INTEGERS = ['page_no', 'page_size'] as const;

/**
 * The search page's filter as the resource search takes it: the typed text (the search box's
 * specialty field) is the resource's name or type; location, distance, sort and paging as for
 * providers; the provider-only filters (insurance, gender, language...) do not apply.
 */
export function resourceSearchBody(filter: SearchFilter): ResourceSearchDto {
  const body: ResourceSearchDto & Record<string, unknown> = {};
  const typed = filter.specialty ?? filter.condition;
  if (typed) body.name = typed;
  if (filter.text_field) body.text_field = filter.text_field;
  if (filter.zip_code) body.zip_code = filter.zip_code;
  if (filter.date) body.date = filter.date;
  const sort = filter.sort_on;
  if (sort === 'name' || sort === 'distance' || sort === 'availability') body.sort_on = sort;
  const type = filter.resource_type;
  if (type && (RESOURCE_TYPES as readonly string[]).includes(type)) {
    body.resource_type = type as ResourceType;
  }
  for (const key of NUMBERS) if (filter[key]) body[key] = Number(filter[key]);
  for (const key of INTEGERS) if (filter[key]) body[key] = Number.parseInt(filter[key], 10);
  return body;
}

export const searchResources = (filter: SearchFilter): Promise<ResourceSearchResult> =>
  api<ResourceSearchResult>('POST', '/resources/search', resourceSearchBody(filter));
