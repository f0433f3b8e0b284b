/**
 * The pricing hook through which a booking gets its discounts (docs/promos.md): bookings knows nothing
 * of promo codes or credit; the promos module, registered after it, plugs a provider in
 * (`bookings.creation.useDiscounts`, called by the promos module). Without one, bookings are priced as before.
 */
import type { DiscountLine, Quote } from '@khedma/shared';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface DiscountRequest {
  customerId: string;
  promoCode?: string;
  useCredit?: boolean;
  cityId: string;
  /** The catalogue service of a wizard booking; null for hourly work from a professional's page. */
  serviceTypeId: string | null;
  quote: Quote;
}

export interface PlannedDiscount {
  lines: DiscountLine[];
  /** What the customer pays: quote.total minus the lines. */
  payable: number;
  /**
   * Called in the transaction that inserts the booking, after the insert: takes the code's use and the
   * credit for good (re-checked under a lock: the last use goes to one booking only), or throws, and
   * the booking is not made.
   */
  claim(tx: Db, bookingId: string): Promise<void>;
}

export interface DiscountProvider {
  /**
   * The discounts of a booking about to be made; throws a 400 (field promoCode) when the code does not apply.
   * `known.creditBalance`: the customer's credit, read already by a statement of the create (`creditBalanceSql`).
   */
  plan(request: DiscountRequest, known?: { creditBalance?: number }): Promise<PlannedDiscount | null>;
  /** The customer's credit balance as SQL (an integer), for a statement of the create that reads it with its other work. */
  creditBalanceSql(customerId: SQL): SQL;
}
