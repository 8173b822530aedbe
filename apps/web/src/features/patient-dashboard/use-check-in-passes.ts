import type { AppointmentView, CheckInPassView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';
import { patientAppointmentsApi } from './api/patient-appointments-api';
import { checkInToday } from './appointment-sections';

/** How often the page looks at the clock: a check-in window opens without a reload. */
const TICK_MS = 30_000;

/**
 * The check-in passes (names and windows) of today's visits that may still check in, read once
 * each, and the time now, moving on by itself.
 */
export function useCheckInPasses(list: readonly AppointmentView[] | undefined) {
  const [now, setNow] = useState(() => DateTime.now());
  const [passes, setPasses] = useState<ReadonlyMap<string, CheckInPassView>>(new Map());
  useEffect(() => {
    const timer = setInterval(() => setNow(DateTime.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const wanted = (list ?? [])
    .filter((a) => checkInToday(a, now) && !passes.has(a.appointment_id))
    .map((a) => a.appointment_id)
    .join(',');
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void Promise.all(
      wanted.split(',').map((id) => patientAppointmentsApi.pass(id).catch(() => null)),
    ).then((found) => {
      if (!live) return;
      setPasses((known) => {
        const next = new Map(known);
        for (const pass of found) if (pass) next.set(pass.appointment_id, pass);
        return next;
      });
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  return { now, passOf: (appointmentId: string) => passes.get(appointmentId) ?? null };
}
