import type { CardDto, PaymentView } from '@medbook/contracts';
import { useRef, useState } from 'react';
import { bookingApi } from './api/booking-api';
import { errorMessageOf } from '../../shared/error-message';
import { newCommandId } from '../../shared/command-id';

export type PaySource = { card: CardDto } | { payment_method_id: string };

/**
 * The visit fee through the payment port: authorized at the PAYMENT stage, captured by the
 * associate-payment call once the appointment is booked, released when the patient gives up.
 */
export function useVisitFee(calendarId: string, restored: PaymentView | null = null) {
  const [payment, setPayment] = useState<PaymentView | null>(restored);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One idempotency key per attempt: a retry of the same card and amount is charged once.
  const keys = useRef(new Map<string, string>());
  const paymentRef = useRef<PaymentView | null>(restored);
  const remember = (next: PaymentView | null) => {
    paymentRef.current = next;
    setPayment(next);
  };

  const pay = async (amount: number, insured: boolean, source: PaySource): Promise<boolean> => {
    setBusy(true);
    setError(null);
    const attempt =
      'card' in source
        ? `${source.card.number}/${source.card.exp_month}/${source.card.exp_year}/${amount}`
        : `${source.payment_method_id}/${amount}`;
    const key = keys.current.get(attempt) ?? newCommandId();
    keys.current.set(attempt, key);
    try {
      // A fee paid for another amount (the insurance changed) is given back first.
      const standing = paymentRef.current;
      if (standing && standing.amount !== amount) {
        await bookingApi.cancelVisitFee(standing.payment_id).catch(() => undefined);
        remember(null);
      }
      remember(
        await bookingApi.payVisitFee({
          calendar_id: calendarId,
          insured,
          amount,
          ...source,
          command_id: key,
        }),
      );
      return true;
    } catch (cause) {
      // A declined card may be tried again only with a new attempt.
      keys.current.delete(attempt);
      setError(errorMessageOf(cause));
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** After booking: spec "POST associate payment body {amount, gateway}". */
  const associate = async (appointmentId: string): Promise<void> => {
    const standing = paymentRef.current;
    if (!standing || standing.status !== 'authorized') return;
    remember(
      await bookingApi.associatePayment(appointmentId, {
        amount: standing.amount,
        gateway: standing.gateway,
        payment_id: standing.payment_id,
      }),
    );
  };

  /** Declining a new slot releases the fee ('Payment not proccessed'); true when one was. */
  const release = async (): Promise<boolean> => {
    const standing = paymentRef.current;
    if (!standing || standing.status !== 'authorized') return false;
    await bookingApi.cancelVisitFee(standing.payment_id);
    remember(null);
    return true;
  };

  return { payment, busy, error, pay, associate, release };
}
