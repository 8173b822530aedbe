import { useEffect, useState } from 'react';
import { waitlistApi } from './api/waitlist-api';

/** Spec 2.9: whether the signed-in patient is already on this calendar's list (the exists check). */
export function useWaitlistEnrolled(calendarId: string, check: boolean): boolean {
  const [enrolled, setEnrolled] = useState(false);
  useEffect(() => {
    if (!check) return;
    let live = true;
    waitlistApi.exists(calendarId).then(
      (answer) => live && setEnrolled(answer.exists),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [calendarId, check]);
  return check && enrolled;
}
