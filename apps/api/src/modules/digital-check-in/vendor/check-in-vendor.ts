import { Injectable } from '@nestjs/common';

/** The appointment as the check-in vendor is told of it. */
export interface VendorVisit {
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly provider_id: string | null;
  readonly patient_id: string;
  readonly start_date: string;
}

/**
 * The digital check-in vendor (spec 0, "Check-in confirmation popup": once the vendor has the
 * appointment, the browser goes to the vendor's check-in address with the system type, the
 * appointment id and a redirect URI).
 */
export interface CheckInVendor {
  /** Hands the appointment to the vendor; answers the vendor's id of it. */
  addAppointment(visit: VendorVisit): Promise<{ readonly external_id: string }>;
  /** Where the patient checks in: system type Internal, the appointment id, the redirect URI. */
  checkInUrl(params: { readonly appointment_id: string; readonly redirect_uri: string }): string;
}

export const CHECK_IN_VENDOR = Symbol('CHECK_IN_VENDOR');

/** The vendor's check-in page of this product: the patient's own check-in pages. */
export const LOCAL_CHECK_IN_PAGE = '/patient/digital-check-in';

/**
 * The local adapter: the appointment is "added" at once under its own id, and the check-in
 * address is this product's page (or DIGITAL_CHECK_IN_VENDOR_URL, an external vendor's page
 * taking the same query).
 */
@Injectable()
export class LocalCheckInVendor implements CheckInVendor {
  private readonly base = process.env.DIGITAL_CHECK_IN_VENDOR_URL?.trim() || LOCAL_CHECK_IN_PAGE;

  addAppointment(visit: VendorVisit): Promise<{ external_id: string }> {
    return Promise.resolve({ external_id: visit.appointment_id });
  }

  checkInUrl(params: { appointment_id: string; redirect_uri: string }): string {
    const query = new URLSearchParams({
      system_type: 'Internal',
      appointment_id: params.appointment_id,
      redirect_uri: params.redirect_uri,
    });
    return `${this.base}?${query.toString()}`;
  }
}
