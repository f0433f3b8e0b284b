/**
 * The payment provider contract for hosted payments (docs/payments.md "Contract"). The customer's
 * browser is sent to the provider's page with a signed form (`initiate`); the provider tells our server
 * the outcome in a signed server-to-server callback (`verifyCallback`), which is the only proof of
 * payment besides asking the provider (`lookup`, for reconciliation). `capture` confirms an authorised
 * payment found by a lookup, `refund` gives money back. Every call is idempotent per our payment id
 * (the provider's order id): asked twice, the provider answers the first outcome and moves no more money.
 *
 * One implementation: CMI (platform/cmi.ts, with `createPaymentProvider`), the Moroccan interbank card gateway. Outside production it
 * talks to the built-in CMI simulator (platform/cmi-simulator.ts) over HTTP, so every test and demo runs
 * the real CMI code path. Bank and mobile payments go through the same contract until their providers are
 * chosen (docs/payments.md).
 */
import type { PaymentMethod } from '@khedma/shared';

/** What `initiate` needs of our payment row. */
export interface HostedPaymentRequest {
  /** Our payment row id: the order id (oid) the provider receives. */
  paymentId: string;
  bookingId: string;
  /** Whole MAD. */
  amount: number;
  method: PaymentMethod;
  lang: 'fr' | 'ar' | 'en';
  customer: { name: string; email: string; phone?: string | null };
  /** Where the browser comes back (the customer's return: never a proof of payment). */
  okUrl: string;
  failUrl: string;
}

/** What the browser must do: post `fields` to `url` (an auto-submitting form). */
export interface RedirectForm {
  url: string;
  method: 'POST';
  fields: Record<string, string>;
}

/** A callback whose signature checked out: what the provider says happened to an order. */
export interface VerifiedCallback {
  ok: true;
  /** The order id (our payment id, unless someone posts an order we never made). */
  orderId: string;
  approved: boolean;
  /** Whole MAD as the provider says it (checked against our row), and the ISO 4217 numeric currency. */
  amount: number;
  currency: string;
  providerRef: string | null;
  failureReason: string | null;
}
export type CallbackVerdict = VerifiedCallback | { ok: false; orderId: string | null; reason: string };

/** The provider's side of an order, asked after a crash or by the daily reconciliation. */
export interface ProviderStatus {
  /** unknown: never received; pending: on the hosted page; authorized: approved, not captured yet. */
  state: 'unknown' | 'pending' | 'authorized' | 'captured' | 'declined';
  /** Whole MAD authorised or captured, and refunded so far. */
  amount: number;
  refunded: number;
  providerRef: string | null;
  failureReason: string | null;
}

export type ProviderAnswer = { ok: true; providerRef: string | null } | { ok: false; reason: string };

export interface PaymentProvider {
  /** Stored in payments.provider. */
  readonly name: string;
  /** A simulation (the CMI simulator): the web app says no real money moves. */
  readonly demo: boolean;
  /** The signed form for the provider's hosted page. Pure: the same request gives the same order. */
  initiate(request: HostedPaymentRequest): RedirectForm;
  /** Checks the callback's signature and reads its outcome; never throws on bad input. */
  verifyCallback(body: Record<string, string>): CallbackVerdict;
  /** The body our callback endpoint answers (CMI: `ACTION=POSTAUTH` to capture an accepted payment). */
  callbackAnswer(verdict: CallbackVerdict, accepted: boolean): string;
  /** What the provider knows of our payment `paymentId`. Throws when it cannot be reached. */
  lookup(paymentId: string): Promise<ProviderStatus>;
  /** Captures an authorised payment (found by a lookup after its callback was lost). Idempotent. */
  capture(paymentId: string, amount: number): Promise<ProviderAnswer>;
  /**
   * Gives `amount` back so that the provider's refunded total reaches `refundedAfter` (whole MAD):
   * asked again after a lost answer, it sees the total reached and refunds nothing more. Throws when
   * the provider cannot be reached (the job retries); `ok: false` is a refusal, with its reason.
   */
  refund(payment: { id: string; amount: number }, amount: number, reason: string | null, refundedAfter: number): Promise<ProviderAnswer>;
}
