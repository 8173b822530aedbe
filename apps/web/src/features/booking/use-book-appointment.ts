import type { CalendarView, HoldView } from '@medbook/contracts';
import { BOOKING_MESSAGES } from '@medbook/contracts';
import { DateTime } from 'luxon';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../shared/api-client';
import { currentUser } from '../../shared/session';
import { bookingApi } from './api/booking-api';
import { type BookedPopup, classifyBookingFailure, popupAfterBooking } from './booking-outcome';
import type { BookingExtrasBody } from './booking-extras';
import type { BookingPatient } from './booking-patient';
import { contactSupportText } from './booking-steps';
import { digitalCheckInOn } from './use-digital-check-in-offer';
import { newCommandId } from '../../shared/command-id';

interface Options {
  readonly calendar: CalendarView;
  readonly requestedStart: string;
  readonly initialHold: HoldView;
  readonly onInvalidOtp: () => void;
  /** Runs once the appointment exists, before the popup (e.g. the visit fee's capture). */
  readonly afterBooked?: (appointmentId: string) => Promise<void>;
}

export interface Booked {
  readonly appointmentId: string;
  readonly popup: BookedPopup;
  /** The provider has digital check-in on: the check-in popup is the spec's digital flow. */
  readonly digital: boolean;
}

/**
 * The booking call and what follows it: a new family member is saved first, a taken slot opens
 * the choose-another-slot dialog, and a hold still standing when the page closes is released.
 */
export function useBookAppointment({
  calendar,
  requestedStart,
  initialHold,
  onInvalidOtp,
  afterBooked,
}: Options) {
  const [hold, setHeldState] = useState<HoldView | null>(initialHold);
  const [start, setStart] = useState(requestedStart);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [slotTaken, setSlotTaken] = useState(false);
  const [booked, setBooked] = useState<Booked | null>(null);
  // One command id per slot: a retry of the same booking is answered, never doubled.
  const commandIds = useRef(new Map<string, string>());
  const savedMember = useRef<string | null>(null);
  const holdRef = useRef<HoldView | null>(initialHold);
  const setHold = (next: HoldView | null) => {
    holdRef.current = next;
    setHeldState(next);
  };
  const bookedRef = useRef(false);
  // Where the log stood after our last change: the new-slot dialog's week waits for it.
  const lastPosition = useRef<number | null>(null);

  useEffect(
    () => () => {
      const standing = holdRef.current;
      if (standing && !bookedRef.current) void bookingApi.release(standing).catch(() => undefined);
    },
    [],
  );

  const patientIdFor = async (patient: BookingPatient): Promise<string | undefined> => {
    switch (patient.kind) {
      case 'self':
        return undefined;
      case 'member':
        return patient.id;
      case 'new-member': {
        if (savedMember.current) return savedMember.current;
        const owner = currentUser()!.id;
        const { id } = await bookingApi.addFamilyMember(owner, {
          first_name: patient.first_name,
          last_name: patient.last_name,
          relationship: patient.relationship,
          command_id: newCommandId(),
        });
        savedMember.current = id;
        return id;
      }
    }
  };

  const bookOn = async (
    slotStart: string,
    patient: BookingPatient,
    reason: string,
    extras: BookingExtrasBody = {},
  ) => {
    setBusy(true);
    setError(null);
    try {
      const patientId = await patientIdFor(patient);
      let standing = holdRef.current;
      if (standing && !sameInstant(standing.start_date, slotStart)) {
        await bookingApi.release(standing).catch(() => undefined);
        standing = null;
      }
      if (!standing && patientId === undefined)
        standing = await bookingApi.hold(calendar.calendar_id, slotStart);
      // A hold is the booker's own; booking for a family member gives it back first.
      if (standing && patientId !== undefined) {
        await bookingApi.release(standing).catch(() => undefined);
        standing = null;
      }
      setHold(standing);
      setStart(slotStart);
      const commandId = commandIds.current.get(slotStart) ?? newCommandId();
      commandIds.current.set(slotStart, commandId);
      const result = await bookingApi.book({
        calendar_id: calendar.calendar_id,
        start_date: slotStart,
        ...(patientId ? { patient_id: patientId } : {}),
        ...(standing ? { hold_id: standing.hold_id } : {}),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...extras,
        command_id: commandId,
      });
      bookedRef.current = true;
      setSlotTaken(false);
      await afterBooked?.(result.appointment_id);
      const zone = calendar.time_zone;
      const today = DateTime.now().setZone(zone).toISODate();
      const digital = await digitalCheckInOn(result.appointment_id);
      const immediate = calendar.associated_reasons.some(
        (r) => r.title === reason.trim() && r.allow_immediate_checkin === true,
      );
      setBooked({
        appointmentId: result.appointment_id,
        digital,
        popup: popupAfterBooking({
          status: result.status,
          visitType: calendar.visit_type,
          walkIn: false,
          checkInAllowed:
            calendar.can_check_in && DateTime.fromISO(slotStart, { zone }).toISODate() === today,
          digitalCheckIn: digital,
          reasonAllowsImmediateCheckIn: immediate,
        }),
      });
    } catch (cause) {
      const status = cause instanceof ApiError ? cause.status : 0;
      const message = cause instanceof ApiError ? cause.message : '';
      switch (classifyBookingFailure(status, message)) {
        case 'ALREADY_BOOKED': {
          // The hold cannot be booked any more: give its place back before choosing again.
          const standing = holdRef.current;
          setHold(null);
          if (standing) {
            const released = await bookingApi.release(standing).catch(() => null);
            lastPosition.current = released?.position ?? lastPosition.current;
          }
          setSlotTaken(true);
          setError(slotTaken ? message : null);
          break;
        }
        case 'INVALID_OTP':
          setError(message);
          onInvalidOtp();
          break;
        case 'CONTACT_SUPPORT':
          // Spec 8: the booking-failed message, then where to write to.
          setError(
            `${message || BOOKING_MESSAGES.unableToBook} ${contactSupportText(window.location.hostname)}`,
          );
          break;
      }
    } finally {
      setBusy(false);
    }
  };

  /** "I don't want an appointment right now": give the hold back and reset. */
  const decline = async () => {
    const standing = holdRef.current;
    setSlotTaken(false);
    setHold(null);
    if (standing) await bookingApi.release(standing).catch(() => undefined);
  };

  const loadWeek = (calendarId: string, day: string) =>
    bookingApi.week(calendarId, day, lastPosition.current);

  return { hold, start, busy, error, slotTaken, booked, bookOn, decline, loadWeek };
}

const sameInstant = (a: string, b: string) =>
  DateTime.fromISO(a).toMillis() === DateTime.fromISO(b).toMillis();
