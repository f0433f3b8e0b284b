/**
 * Payments (docs/payments.md): the methods a customer pays with, the states of a payment and of a
 * refund with the provider, and the provider's code of the dirham.
 */

/** payments.method: online only, no cash . */
export const PAYMENT_METHODS = ['card', 'bank', 'mobile'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * payments.status (docs/payments.md "States"): pending = initiated (the row made with the booking),
 * awaiting_callback = the customer was sent to the provider's hosted page, succeeded = paid (only by a
 * verified callback or a lookup), failed, refunded / partially_refunded (what the provider confirmed).
 */
export const PAYMENT_STATUSES = ['pending', 'awaiting_callback', 'succeeded', 'failed', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** payment_refunds.status: asked of the provider, confirmed, or refused (the admin's failed list). */
export const PAYMENT_REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentRefundStatus = (typeof PAYMENT_REFUND_STATUSES)[number];
/** CMI: ISO 4217 numeric code of the Moroccan dirham, sent as `currency`. */
export const CMI_CURRENCY_MAD = '504';
