/** A payment of a booking with what can still be refunded on it (paid − refunded − refunds already queued). */
export type RefundablePayment = { paymentId: number; refundableMinor: number };

/** The total that can still be refunded on a booking. */
export const refundableTotal = (payments: readonly RefundablePayment[]): number => payments.reduce((sum, payment) => sum + Math.max(0, payment.refundableMinor), 0);

/**
 * Support's refund of `amountMinor` spread over a booking's payments, the latest first (the
 * remainder before the deposit), each refund at most what its payment still holds: Stripe refunds
 * per PaymentIntent. Null when the amount is not positive or more than can be refunded.
 */
export function allocateRefund(payments: readonly RefundablePayment[], amountMinor: number): Array<{ paymentId: number; amountMinor: number }> | null {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > refundableTotal(payments)) return null;
  const parts: Array<{ paymentId: number; amountMinor: number }> = [];
  let left = amountMinor;
  for (const payment of [...payments].sort((a, b) => b.paymentId - a.paymentId)) {
    const part = Math.min(left, Math.max(0, payment.refundableMinor));
    if (part > 0) parts.push({ paymentId: payment.paymentId, amountMinor: part });
    left -= part;
    if (left === 0) break;
  }
  return parts;
}
