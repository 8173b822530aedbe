import type { ZipInfo, ZipLookupResult } from '@medbook/contracts';
import zipcodes, { type ZipCode } from 'zipcodes';
import { stateName, titleCase } from './us-states.data';

/** Zip search is restricted to the US (spec 4.2); the package also holds Canadian codes. */
const US_ZIPS: readonly ZipCode[] = Object.values(zipcodes.codes)
  .filter((z) => z.country === 'US' && /^\d{5}$/.test(z.zip))
  .sort((a, b) => a.zip.localeCompare(b.zip));
const BY_CITY: readonly (readonly [city: string, zip: ZipCode])[] = US_ZIPS.map(
  (z) => [z.city.toLowerCase(), z] as const,
).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1].zip.localeCompare(b[1].zip)));

const EARTH_RADIUS_MILES = 3958.8;
/** The farthest a point may be from its nearest zip code and still be said to be in it. */
export const NEAREST_ZIP_MAX_MILES = 50;

/** Great-circle distance in miles (haversine). */
export function milesBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** First index whose key is >= prefix, in an array sorted by key. */
function lowerBound<T>(rows: readonly T[], key: (row: T) => string, prefix: string): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(rows[mid]!) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function zipLookupResult(z: ZipCode): ZipLookupResult {
  const city = titleCase(z.city);
  return {
    zip_code: z.zip,
    city,
    state: stateName(z.state),
    state_code: z.state,
    county: null,
    latitude: z.latitude,
    longitude: z.longitude,
    text_field: `${city}, ${z.state}`,
  };
}

export function zipInfo(z: ZipCode): ZipInfo {
  return {
    code: z.zip,
    city: titleCase(z.city),
    state: z.state,
    state_name: stateName(z.state),
    county_code: null,
    county: null,
    latitude: z.latitude,
    longitude: z.longitude,
  };
}

/** US zip codes by typed text (a prefix of the code, or of the city's name), by code, by place. */
export const zipDirectory = {
  search(text: string, limit: number): ZipLookupResult[] {
    const typed = text.trim().toLowerCase();
    if (typed === '') return [];
    const found: ZipCode[] = [];
    if (/^\d+$/.test(typed)) {
      for (let i = lowerBound(US_ZIPS, (z) => z.zip, typed); i < US_ZIPS.length; i++) {
        const zip = US_ZIPS[i]!;
        if (!zip.zip.startsWith(typed) || found.length >= limit) break;
        found.push(zip);
      }
    } else {
      for (let i = lowerBound(BY_CITY, (row) => row[0], typed); i < BY_CITY.length; i++) {
        const [city, zip] = BY_CITY[i]!;
        if (!city.startsWith(typed) || found.length >= limit) break;
        found.push(zip);
      }
    }
    return found.map(zipLookupResult);
  },

  byCode(code: string): ZipCode | null {
    const zip = zipcodes.lookup(code.slice(0, 5));
    return zip && zip.country === 'US' ? zip : null;
  },

  nearest(latitude: number, longitude: number): ZipCode | null {
    let best: ZipCode | null = null;
    let bestMiles = Infinity;
    for (const zip of US_ZIPS) {
      // A cheap box test first: a degree of latitude is about 69 miles.
      if (Math.abs(zip.latitude - latitude) * 69 > Math.min(bestMiles, NEAREST_ZIP_MAX_MILES))
        continue;
      const miles = milesBetween(latitude, longitude, zip.latitude, zip.longitude);
      if (miles < bestMiles) {
        best = zip;
        bestMiles = miles;
      }
    }
    return bestMiles <= NEAREST_ZIP_MAX_MILES ? best : null;
  },
};
