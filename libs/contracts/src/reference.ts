/**
 * Reference data (spec 2.2-2.4, 7 "Search and reference"). Every route is public, GET, under
 * /api/v1, and answers the envelope `{status_code, message, data}`; `data` has the type named here.
 *
 *   GET  /specialties                       ReferenceItem[]  (subcategory 'Specialties'; tile set on the home page's ten)
 *   GET  /conditions                        ReferenceItem[]  (subcategory 'Conditions'; tile set on the home page's ten)
 *   GET  /insurances                        InsuranceView[]
 *   GET  /insurances/{id}/plans             InsurancePlanView[]   (404 for an unknown insurance)
 *   GET  /languages                         CodedItem[]
 *   GET  /races                             CodedItem[]
 *   GET  /ethnicities                       CodedItem[]
 *   GET  /states/all                        CodedItem[]  (code is the two-letter postal code)
 *   GET  /board-certifications              NamedItem[]
 *   GET  /professional-suffixes             NamedItem[]
 *   GET  /hospital-affiliations             NamedItem[]
 *   GET  /zipcodes?text=&limit=             ZipLookupResult[]  (prefix of a zip code, or of a city name; limit 1..50, default 10)
 *   GET  /zipcodes/by-coordinates?latitude=&longitude=   ZipInfo  (the nearest zip; 404 when none is within 50 miles)
 *   GET  /zipcodes/{code}                   ZipInfo  (404 for an unknown code)
 */
import {
  IsInt,
  IsLatitude,
  IsLongitude,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { Type } from 'class-transformer';

const invalid = { message: 'Invalid' };

export interface NamedItem {
  readonly id: number;
  readonly name: string;
}

/** A specialty or a condition; `tile` is set on the ten each the home page shows, in their order. */
export interface ReferenceItem extends NamedItem {
  readonly subcategory: 'Specialties' | 'Conditions';
  readonly tile: { readonly label: string; readonly order: number } | null;
}

export interface CodedItem extends NamedItem {
  readonly code: string;
}

export interface InsuranceView extends NamedItem {
  readonly plan_count: number;
}

export interface InsurancePlanView extends NamedItem {
  readonly insurance_id: number;
  readonly insurance_name: string;
}

/** A row of the zip-code combo box (spec 3: zip lookup result). */
export interface ZipLookupResult {
  readonly zip_code: string;
  readonly city: string;
  /** The state's name, e.g. 'New York'. */
  readonly state: string;
  readonly state_code: string;
  /** The `zipcodes` data set has no counties: null until a county source is added. */
  readonly county: { readonly id: string; readonly name: string } | null;
  readonly latitude: number;
  readonly longitude: number;
  /** 'City, State Code', e.g. 'New York, NY'. */
  readonly text_field: string;
}

/** GET zip info (spec 7): code, city, state, county_code, county, latitude, longitude. */
export interface ZipInfo {
  readonly code: string;
  readonly city: string;
  readonly state: string;
  readonly state_name: string;
  /** Null: the `zipcodes` data set has no counties. */
  readonly county_code: string | null;
  readonly county: string | null;
  readonly latitude: number;
  readonly longitude: number;
}

export class ZipTextQuery {
  @IsString(invalid)
  @Matches(/^[\p{L}0-9 .'-]{1,30}$/u, invalid)
  text!: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt(invalid)
  @Min(1)
  @Max(50)
  limit?: number;
}

export class ZipCoordinatesQuery {
  @Type(() => Number)
  @IsLatitude(invalid)
  latitude!: number;

  @Type(() => Number)
  @IsLongitude(invalid)
  longitude!: number;
}
