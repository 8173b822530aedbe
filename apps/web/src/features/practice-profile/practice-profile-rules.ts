import type { DirectoryEntryView } from '@medbook/contracts';

export interface FacilityCard {
  readonly id: string;
  readonly name: string;
  readonly address: string;
}

export interface ProviderCard {
  readonly id: string;
  readonly name: string;
  readonly specialties: readonly string[];
  readonly facilities: readonly string[];
  readonly initials: string;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** A facility's address in one line: street, city, state and zip. */
export function facilityCard(entry: DirectoryEntryView): FacilityCard {
  const address = (entry.details.address ?? {}) as Record<string, unknown>;
  const line = [address.address1, address.address2, address.city]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(', ');
  const region = [address.state, address.zip_code].filter((p) => typeof p === 'string').join(' ');
  return { id: entry.id, name: entry.name, address: [line, region].filter(Boolean).join(', ') };
}

/** The practice's public providers (a hidden public profile stays hidden), by name. */
export function providerCards(
  providers: readonly DirectoryEntryView[],
  facilities: readonly FacilityCard[],
): ProviderCard[] {
  const facilityName = new Map(facilities.map((f) => [f.id, f.name]));
  return providers
    .filter((p) => p.details.hide_public_profile !== true)
    .map((p) => ({
      id: p.id,
      name: p.name,
      specialties: strings(p.details.specialties),
      facilities: strings(p.details.facility_ids).flatMap((id) => facilityName.get(id) ?? []),
      initials: p.name
        .split(/\s+/)
        .filter(Boolean)
        .map((word) => word[0]!.toUpperCase())
        .slice(0, 2)
        .join(''),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
