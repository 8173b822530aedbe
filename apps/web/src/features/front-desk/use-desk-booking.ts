import type {
  BookingResult,
  CalendarView,
  HoldView,
  PracticePatientView,
} from '@medbook/contracts';
import { BOOKING_MESSAGES } from '@medbook/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api-client';
import { errorMessageOf } from '../../shared/error-message';
import { deskBookingApi } from './api/desk-booking-api';
import { slotTaken } from './desk-booking-outcome';
import { newCommandId } from '../../shared/command-id';

export interface DeskBooked extends BookingResult {
  readonly start: string;
  readonly patient: PracticePatientView;
  readonly reason: string | null;
}

/**
 * Booking at the desk with the wizard's calls and rules: the slot is held for the patient once
 * they are chosen (the capacity is taken while the desk fills in the visit), the booking consumes
 * the hold, a taken slot sends the desk to another time or the waiting list, and a hold still
 * standing when the page closes is given back.
 */
export function useDeskBooking(calendar: CalendarView | null, initialStart: string | null) {
  const [start, setStart] = useState<string | null>(initialStart);
  const [hold, setHoldState] = useState<HoldView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [taken, setTaken] = useState(false);
  const [booked, setBooked] = useState<DeskBooked | null>(null);
  const [waitlisted, setWaitlisted] = useState(false);
  const holdRef = useRef<{ hold: HoldView; patientId: string } | null>(null);
  const bookedRef = useRef(false);
  // One command id per slot and patient: a retried booking is answered, never doubled.
  const commandIds = useRef(new Map<string, string>());
  const lastPosition = useRef<number | null>(null);

  const setHold = (next: { hold: HoldView; patientId: string } | null) => {
    holdRef.current = next;
    setHoldState(next?.hold ?? null);
  };

  const release = useCallback(async () => {
    const standing = holdRef.current;
    setHold(null);
    if (standing) {
      const released = await deskBookingApi
        .release(standing.hold, standing.patientId)
        .catch(() => null);
      lastPosition.current = released?.position ?? lastPosition.current;
    }
  }, []);

  useEffect(
    () => () => {
      if (!bookedRef.current) void release();
    },
    [release],
  );

  const failed = async (cause: unknown) => {
    const status = cause instanceof ApiError ? cause.status : 0;
    const message = errorMessageOf(cause, BOOKING_MESSAGES.unableToBook);
    if (slotTaken(status, message)) {
      await release();
      setTaken(true);
      setError(BOOKING_MESSAGES.alreadyBooked);
    } else {
      setError(message);
    }
  };

  /** Holds the slot for this patient (giving back a hold made for someone else). */
  const holdFor = async (patient: PracticePatientView, at: string | null = start) => {
    if (!calendar || !at) return;
    const standing = holdRef.current;
    if (standing?.patientId === patient.patient_id && standing.hold.start_date === at) return;
    setBusy(true);
    setError(null);
    try {
      if (standing) await release();
      const held = await deskBookingApi.hold(calendar.calendar_id, at, patient.patient_id);
      lastPosition.current = held.position;
      setHold({ hold: held, patientId: patient.patient_id });
      setTaken(false);
    } catch (cause) {
      await failed(cause);
    } finally {
      setBusy(false);
    }
  };

  const book = async (patient: PracticePatientView, reason: string) => {
    if (!calendar || !start) return;
    setBusy(true);
    setError(null);
    try {
      let standing = holdRef.current;
      if (!standing || standing.patientId !== patient.patient_id) {
        if (standing) await release();
        const held = await deskBookingApi.hold(calendar.calendar_id, start, patient.patient_id);
        standing = { hold: held, patientId: patient.patient_id };
        setHold(standing);
      }
      const key = `${start}|${patient.patient_id}`;
      const commandId = commandIds.current.get(key) ?? newCommandId();
      commandIds.current.set(key, commandId);
      const text = reason.trim();
      const result = await deskBookingApi.book({
        calendar_id: calendar.calendar_id,
        start_date: standing.hold.start_date,
        patient_id: patient.patient_id,
        hold_id: standing.hold.hold_id,
        ...(text ? { reason: text } : {}),
        command_id: commandId,
      });
      bookedRef.current = true;
      holdRef.current = null;
      setBooked({ ...result, start: standing.hold.start_date, patient, reason: text || null });
    } catch (cause) {
      await failed(cause);
    } finally {
      setBusy(false);
    }
  };

  /** Another time picked after the slot was taken (or at the start): hold it for the patient. */
  const moveTo = async (at: string, patient: PracticePatientView | null) => {
    setStart(at);
    setTaken(false);
    setError(null);
    if (patient) await holdFor(patient, at);
  };

  const joinWaitlist = async (patient: PracticePatientView) => {
    if (!calendar) return;
    setBusy(true);
    try {
      await deskBookingApi.joinWaitlist(calendar.calendar_id, patient.patient_id);
      setWaitlisted(true);
      setTaken(false);
      setError(null);
    } catch (cause) {
      setError(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };

  const loadWeek = useCallback(
    (day: string) =>
      calendar
        ? deskBookingApi.week(calendar.calendar_id, day, lastPosition.current)
        : Promise.reject(new Error('No calendar')),
    [calendar],
  );

  return {
    start,
    hold,
    busy,
    error,
    taken,
    booked,
    waitlisted,
    holdFor,
    book,
    moveTo,
    release,
    joinWaitlist,
    loadWeek,
  };
}
