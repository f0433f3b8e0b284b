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
import { eq } from 'drizzle-orm';
import type { PaymentMethod } from '@khedma/shared';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { demoProviderCharges } from '../db/schema/index';

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
  /**
   * Takes the money. Idempotent per `paymentId` (the reference every real provider accepts): a
   * second call for the same payment answers the first outcome and charges nothing more.
   */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * What happened to the charge of `paymentId`, asked after a crash left an attempt unrecorded
   * (payments.service.ts reconcile): its outcome, or null when the provider never received it.
   */
  lookup(paymentId: string): Promise<ChargeResult | null>;
}

export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo';
  readonly demo = true;
  private failures = 0;

  /**
   * `db`: where the simulated provider keeps its books (demo_provider_charges), written in a
   * statement of its own, never in our transactions, as a real provider's would be.
   */
  constructor(
    private readonly db: Db,
    public delayMs = 2000,
  ) {}

  /** Tests: the next `count` charges fail. */
  failNext(count = 1): void {
    this.failures += count;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    const known = await this.lookup(request.paymentId);
    if (known) return known;
    const providerRef = `demo_${randomUUID()}`;
    let failureReason: string | null = null;
    if (this.failures > 0) {
      this.failures -= 1;
      failureReason = 'declined (demo: armed failure)';
    } else if (request.simulate === 'failure') failureReason = 'declined (demo: simulated failure)';
    await this.db
      .insert(demoProviderCharges)
      .values({ paymentId: request.paymentId, ok: failureReason === null, providerRef, failureReason, amount: request.amount })
      .onConflictDoNothing();
    // A concurrent charge of the same payment may have written first: its outcome is the one.
    return (await this.lookup(request.paymentId))!;
  }

  async lookup(paymentId: string): Promise<ChargeResult | null> {
    const [row] = await this.db.select().from(demoProviderCharges).where(eq(demoProviderCharges.paymentId, paymentId));
    if (!row) return null;
    return row.ok ? { ok: true, providerRef: row.providerRef } : { ok: false, providerRef: row.providerRef, failureReason: row.failureReason ?? 'declined' };
  }
}

/**
 * The provider for this configuration. Only the demo provider exists today; a real one (CMI,
 * a mobile-money API) implements PaymentProvider and is chosen here by configuration.
 */
export function createPaymentProvider(config: Pick<Config, 'env'>, db: Db): PaymentProvider {
  return new DemoPaymentProvider(db, config.env === 'test' ? 0 : 2000);
}
