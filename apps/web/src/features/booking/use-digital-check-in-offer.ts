import { useEffect, useState } from 'react';
import type { DigitalCheckInView } from '@medbook/contracts';
import { api } from '../../shared/api-client';
import { roomEvent$ } from '../../live/live-socket';

const checkInOf = (appointmentId: string) =>
  api<DigitalCheckInView>(
    'GET',
    `/appointments/${encodeURIComponent(appointmentId)}/digital-check-in`,
  );

/** Whether the appointment's provider has digital check-in on (false when it cannot be read). */
export const digitalCheckInOn = (appointmentId: string): Promise<boolean> =>
  checkInOf(appointmentId).then(
    (view) => view.settings.digital_check_in_enabled,
    () => false,
  );

/**
 * After booking: whether the popup offers digital check-in (the provider has it on). A failed
 * read offers nothing, so the popup stays as it was.
 */
export function useDigitalCheckInOffer(appointmentId: string | undefined): boolean {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    if (!appointmentId) return;
    let live = true;
    void digitalCheckInOn(appointmentId).then((on) => live && setEnabled(on));
    return () => {
      live = false;
    };
  }, [appointmentId]);
  return enabled;
}

/**
 * The spec's digital check-in popup: the appointment goes to the check-in vendor, and once a
 * notification says it was added (`check-in.added`, or a read that finds the vendor's address
 * after a missed push) the answer is the vendor's check-in address. Null until then; the popup
 * gives up after its 60 s.
 */
export function useVendorCheckInUrl(
  appointmentId: string | null,
  redirectUri: string,
): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!appointmentId) return;
    let live = true;
    const found = (address: string | null) => live && address && setUrl(address);
    const pushes = roomEvent$(`appointment:${appointmentId}`, 'check-in.added').subscribe((m) => {
      if (m.appointment_id === appointmentId) found(m.check_in_url);
    });
    const enc = encodeURIComponent(appointmentId);
    void api<{ position: number }>('POST', `/appointments/${enc}/digital-check-in/vendor`, {
      redirect_uri: redirectUri,
    })
      .then(({ position }) =>
        api<DigitalCheckInView>(
          'GET',
          `/appointments/${enc}/digital-check-in?min_position=${position}`,
        ),
      )
      .then((view) => found(view.vendor_check_in_url))
      .catch(() => undefined);
    return () => {
      live = false;
      pushes.unsubscribe();
    };
  }, [appointmentId, redirectUri]);
  return url;
}
