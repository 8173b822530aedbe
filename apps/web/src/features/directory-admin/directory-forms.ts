import {
  AddressDto,
  type DirectoryEntryView,
  RegisterFacilityDto,
  RegisterProviderDto,
  RegisterResourceDto,
} from '@medbook/contracts';
import type { TFunction } from 'i18next';
import { fieldErrors } from '../../shared/field-errors';
import { i18n } from '../../shared/i18n';

/**
 * The directory's forms as typed, read from an entry and turned into the API's body. The checks
 * are the API's own DTO classes, so a form the browser accepts is one the API accepts.
 */

type Details = Readonly<Record<string, unknown>>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const flag = (value: unknown, otherwise: boolean): boolean =>
  typeof value === 'boolean' ? value : otherwise;

export interface FacilityForm {
  readonly name: string;
  readonly iana_time_zone: string;
  readonly office_visit: boolean;
  readonly tele_visit: boolean;
  readonly address1: string;
  readonly address2: string;
  readonly city: string;
  readonly state: string;
  readonly zip_code: string;
}

export type FormErrors<F> = Partial<Record<keyof F, string>>;

export function facilityFormOf(entry: DirectoryEntryView | null, zone: string): FacilityForm {
  const d: Details = entry?.details ?? {};
  const address = (d.address ?? {}) as Details;
  return {
    name: entry?.name ?? '',
    iana_time_zone: text(d.iana_time_zone) || zone,
    office_visit: flag(d.office_visit, true),
    tele_visit: flag(d.tele_visit, false),
    address1: text(address.address1),
    address2: text(address.address2),
    city: text(address.city),
    state: text(address.state),
    zip_code: text(address.zip_code),
  };
}

export function facilityBodyOf(form: FacilityForm): Record<string, unknown> {
  return {
    name: form.name.trim(),
    iana_time_zone: form.iana_time_zone,
    office_visit: form.office_visit,
    tele_visit: form.tele_visit,
    address: {
      address1: form.address1.trim(),
      ...(form.address2.trim() ? { address2: form.address2.trim() } : {}),
      city: form.city.trim(),
      state: form.state,
      zip_code: form.zip_code.trim(),
    },
  };
}

export function facilityErrorsOf(form: FacilityForm): FormErrors<FacilityForm> {
  const body = facilityBodyOf(form);
  const { address: _, ...top } = fieldErrors(RegisterFacilityDto, body);
  return { ...top, ...fieldErrors(AddressDto, body.address as Record<string, unknown>) };
}

export interface ProviderForm {
  readonly first_name: string;
  readonly last_name: string;
  readonly professional_suffixes: readonly string[];
  readonly provider_type: 'local' | 'vendorprovider';
  readonly gender: string;
  readonly specialties: readonly string[];
  readonly facility_ids: readonly string[];
  readonly npi: string;
}

export function providerFormOf(entry: DirectoryEntryView | null): ProviderForm {
  const d: Details = entry?.details ?? {};
  return {
    first_name: text(d.first_name),
    last_name: text(d.last_name),
    professional_suffixes: list(d.professional_suffixes),
    provider_type: d.provider_type === 'vendorprovider' ? 'vendorprovider' : 'local',
    gender: text(d.gender),
    specialties: list(d.specialties),
    facility_ids: list(d.facility_ids),
    npi: text(d.npi),
  };
}

/**
 * The provider's whole form as the API keeps it: an edit sends every field, so what this dialog
 * does not show (insurances, visit fees) goes back as it was.
 */
export function providerBodyOf(form: ProviderForm, entry: DirectoryEntryView | null) {
  const { user_id: _, ...kept } = entry?.details ?? {};
  const body: Record<string, unknown> = {
    ...kept,
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    professional_suffixes: [...form.professional_suffixes],
    provider_type: form.provider_type,
    specialties: [...form.specialties],
    facility_ids: [...form.facility_ids],
  };
  if (form.gender) body.gender = form.gender;
  else delete body.gender;
  if (form.npi.trim()) body.npi = form.npi.trim();
  else delete body.npi;
  return body;
}

export const providerErrorsOf = (form: ProviderForm): FormErrors<ProviderForm> =>
  fieldErrors(RegisterProviderDto, providerBodyOf(form, null));

export interface ResourceForm {
  readonly name: string;
  readonly kind: 'Room' | 'Lab' | 'Equipment';
  readonly facility_ids: readonly string[];
}

export function resourceFormOf(entry: DirectoryEntryView | null): ResourceForm {
  const d: Details = entry?.details ?? {};
  const kind = d.kind === 'Lab' || d.kind === 'Equipment' ? d.kind : 'Room';
  return { name: entry?.name ?? '', kind, facility_ids: list(d.facility_ids) };
}

export const resourceBodyOf = (form: ResourceForm): Record<string, unknown> => ({
  name: form.name.trim(),
  kind: form.kind,
  facility_ids: [...form.facility_ids],
});

export const resourceErrorsOf = (form: ResourceForm): FormErrors<ResourceForm> =>
  fieldErrors(RegisterResourceDto, resourceBodyOf(form));

/** A line under an entry's name in the list, in the chosen language. */
export function entrySummary(
  entry: DirectoryEntryView,
  facilityNames: Map<string, string>,
  t: TFunction = i18n.t,
) {
  const d = entry.details;
  const at = list(d.facility_ids)
    .map((id) => facilityNames.get(id))
    .filter(Boolean)
    .join(', ');
  switch (entry.kind) {
    case 'facility': {
      const address = (d.address ?? {}) as Details;
      const visits = d.office_visit
        ? d.tele_visit
          ? 'both'
          : 'office'
        : d.tele_visit
          ? 'video'
          : null;
      const place = `${text(address.address1)}, ${text(address.city)} ${text(address.state)} · ${text(d.iana_time_zone)}`;
      return visits ? `${place} · ${t(`directoryAdmin.summary.${visits}`)}` : place;
    }
    case 'provider':
      return [list(d.specialties).join(', '), at].filter(Boolean).join(' · ');
    case 'resource': {
      const kind = d.kind === 'Room' || d.kind === 'Lab' || d.kind === 'Equipment' ? d.kind : null;
      return [kind ? t(`directoryAdmin.resource.kinds.${kind}`) : text(d.kind), at]
        .filter(Boolean)
        .join(' · ');
    }
    case 'visit_reason':
      return '';
    default: {
      const unknown: never = entry.kind;
      return unknown;
    }
  }
}
