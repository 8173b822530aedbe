import type {
  CodedItem,
  InsurancePlanView,
  InsuranceView,
  OnlineProvidersView,
  ProviderSearchDto,
  ProviderSearchResult,
  ReferenceItem,
  ZipLookupResult,
} from '@medbook/contracts';
import { api } from '../../../shared/api-client';
import type { SearchFilter } from '../search-params';

export async function getSearchOptions(): Promise<ReferenceItem[]> {
  const [specialties, conditions] = await Promise.all([
    api<ReferenceItem[]>('GET', '/specialties'),
    api<ReferenceItem[]>('GET', '/conditions'),
  ]);
  return [...specialties, ...conditions];
}

export const lookupZip = (text: string): Promise<ZipLookupResult[]> =>
  api<ZipLookupResult[]>('GET', `/zipcodes?text=${encodeURIComponent(text)}&limit=10`);

export const getInsurances = (): Promise<InsuranceView[]> =>
  api<InsuranceView[]>('GET', '/insurances');

export const getInsurancePlans = (insuranceId: number): Promise<InsurancePlanView[]> =>
  api<InsurancePlanView[]>('GET', `/insurances/${insuranceId}/plans`);

const NOT_A_PLAN = [
  "I don't have insurance",
  'Skip insurance',
  "I'll choose my insurance later",
  'Self paying',
];
/** Whether the filter names an insurance the search narrows on ("In network" means something). */
export const searchesInsurance = (filter: SearchFilter): boolean =>
  Boolean(
    (filter.insurance_name && !NOT_A_PLAN.includes(filter.insurance_name)) ||
    filter.insurance_plan_ids?.length,
  );

const NUMBERS = ['latitude', 'longitude', 'distance'] as const;
const INTEGERS = ['page_no', 'page_size', 'available_within_days'] as const;

/** The filter as the API takes it: numbers as numbers, and only the fields it knows. */
export function searchBody(filter: SearchFilter): ProviderSearchDto {
  const body: Record<string, unknown> & ProviderSearchDto = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === '') continue;
    body[key] = value;
  }
  // 'Skip insurance' and 'I don't have insurance' show in the box but narrow nothing.
  if (NOT_A_PLAN.includes(filter.insurance_name ?? '')) {
    delete body.insurance_name;
    delete body.insurance_plane_name;
    delete body.insurance_plan_ids;
  }
  // What is searched (providers or resources) picks the endpoint; it is no provider filter.
  delete body.entity_type;
  delete body.resource_type;
  // "Accepts my insurance" means something only with an insurance.
  if (!body.insurance_name && !body.insurance_plan_ids?.length) delete body.accepts_insurance;
  for (const key of NUMBERS) if (filter[key]) body[key] = Number(filter[key]);
  for (const key of INTEGERS) if (filter[key]) body[key] = Number.parseInt(filter[key], 10);
  return body;
}

export const searchProviders = (filter: SearchFilter): Promise<ProviderSearchResult> =>
  api<ProviderSearchResult>('POST', '/providers/search', searchBody(filter));

export const getLanguages = (): Promise<CodedItem[]> => api<CodedItem[]>('GET', '/languages');

export const getOnlineProviders = (): Promise<OnlineProvidersView> =>
  api<OnlineProvidersView>('GET', '/providers/online');
