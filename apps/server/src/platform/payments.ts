/**
 * Payment providers (docs/payments.md: "a payment provider interface with one built-in simulated
 * provider, clearly labelled demo"). The booking's money is then held in the escrow ledger by the
 * payments module; a provider only says whether the customer's money was taken.
 *
 * The demo provider takes 2 s like the prototype's simulation (0 in tests), succeeds unless told to
 * fail, and marks every answer `demo: true` so the web app shows "DEMO MODE: Mock payment - not for
 * production use" (docs/payments.md). It fails when the request asks for it (`simulate: 'failure'`, the
 * pay request's demo-only field, since amounts are computed by the server and cannot carry a magic
 * value) or when a test armed it with `failNext()`.
 */
import { randomUUID } from 'node:crypto';
import type { PaymentMethod } from '@khedma/shared';
import type { Config } from '../config';

export interface ChargeRequest {
  /** Our payment row id: the idempotency reference a real provider would receive. */
  paymentId: string;
  bookingId: string;
  /** Whole MAD. */
  amount: number;
  method: PaymentMethod;
  /** Demo provider only. */
  simulate?: 'success' | 'failure';
}

export type ChargeResult =
  | { ok: true; providerRef: string }
  | { ok: false; providerRef: string | null; failureReason: string };

export interface PaymentProvider {
  /** Stored in payments.provider. */
  readonly name: string;
  /** A simulation: the web app labels it "DEMO MODE". */
  readonly demo: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo';
  readonly demo = true;
  private failures = 0;

  constructor(public delayMs = 2000) {}

  /** Tests: the next `count` charges fail. */
  failNext(count = 1): void {
    this.failures += count;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    const providerRef = `demo_${randomUUID()}`;
    if (this.failures > 0) {
      this.failures -= 1;
      return { ok: false, providerRef, failureReason: 'declined (demo: armed failure)' };
    }
    if (request.simulate === 'failure') return { ok: false, providerRef, failureReason: 'declined (demo: simulated failure)' };
    return { ok: true, providerRef };
  }
}

/**
 * The provider for this configuration. Only the demo provider exists today; a real one (CMI,
 * a mobile-money API) implements PaymentProvider and is chosen here by configuration.
 */
export function createPaymentProvider(config: Pick<Config, 'env'>): PaymentProvider {
  return new DemoPaymentProvider(config.env === 'test' ? 0 : 2000);
}
