import { useEffect, useState } from 'react';
import type { DigitalCheckInView } from '@medbook/contracts';
import { api } from '../../shared/api-client';

/**
 * After booking: whether the popup offers digital check-in (the provider has it on). A failed
 * read offers nothing, so the popup stays as it was.
 */
export function useDigitalCheckInOffer(appointmentId: string | undefined): boolean {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    if (!appointmentId) return;
    let live = true;
    api<DigitalCheckInView>(
      'GET',
      `/appointments/${encodeURIComponent(appointmentId)}/digital-check-in`,
    ).then(
      (view) => live && setEnabled(view.settings.digital_check_in_enabled),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [appointmentId]);
  return enabled;
}
