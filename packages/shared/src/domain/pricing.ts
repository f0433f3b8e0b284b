/**
 * Prices, fees and totals (docs/payments.md price lookup, §9 fees; docs/payments.md fees).
 *
 * The server computes every price with these functions and stores the lines; the client only says
 * what it chose. All money is whole MAD (integers), never negative. Rates are read from constants.ts
 * (SERVICE_FEE_RATE, PRO_COMMISSION_RATE), the one place the operator changes them.
 *
 * Rounding: percentages are rounded half up to whole MAD (14.5 -> 15), computed in integer basis
 * points so that binary floating point never turns x.5 into x.4999.
 */

/** booking_price_lines.kind. */
export const PRICE_LINE_KINDS = ['service', 'addon', 'hourly', 'fee'] as const;
export type PriceLineKind = (typeof PRICE_LINE_KINDS)[number];
/** Customer service fee: 15% of (service price + add-ons), rounded to whole MAD, added on top. */
export const SERVICE_FEE_RATE = 0.15;
/** Commission taken from the professional's share (0% by default, docs/payments.md). */
export const PRO_COMMISSION_RATE = 0;
/** Hourly rates a professional may set (earnings calculator range). */
export const HOURLY_RATE = { min: 80, max: 400, step: 10, default: 150 } as const;
/** Earnings calculator . */
export const EARNINGS_CALCULATOR = {
  hoursPerWeek: { min: 5, max: 60, step: 5, default: 20 },
  hourlyRate: HOURLY_RATE,
  weeksPerMonth: 4.3,
  monthsPerYear: 12,
} as const;

/** Why a price could not be computed: the input was not whole, non-negative MAD (a data bug). */
export type PricingErrorCode = 'INVALID_AMOUNT' | 'INVALID_QUANTITY' | 'DUPLICATE_ADDON' | 'OUT_OF_RANGE';

export class PricingError extends Error {
  constructor(
    readonly code: PricingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PricingError';
  }
}

/** Throws unless `value` is whole, non-negative MAD. Exported so callers can check data early. */
export function assertMoney(value: unknown, what = 'amount'): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new PricingError('INVALID_AMOUNT', `${what} must be a non-negative whole number of MAD, got ${String(value)}`);
  }
}

/** A rate as whole basis points (0.15 -> 1500), so fee arithmetic stays in integers. */
function basisPoints(rate: number): number {
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new PricingError('OUT_OF_RANGE', `Rate ${rate} outside 0..1`);
  return Math.round(rate * 10_000);
}

/**
 * `rate` of `amount`, rounded half up to whole MAD: percentOf(30, 0.15) = 5 (4.5 rounds up).
 * Amounts and rates are non-negative, so "half up" and "half away from zero" agree.
 */
export function percentOf(amount: number, rate: number): number {
  assertMoney(amount);
  return Math.floor((amount * basisPoints(rate) + 5_000) / 10_000);
}

// ---------------------------------------------------------------------------------------------
// Service price lookup
// ---------------------------------------------------------------------------------------------

export interface ServicePriceInput {
  /** Active row of service_type_prices_by_region for the service and region, if any. */
  regionPrice?: number | null;
  /** cityServicePrice of the city's facts (service, region, borough); undefined when the read failed. */
  functionPrice?: number | null;
  /** service_types.base_price. */
  basePrice?: number | null;
}

/** Which rule gave the price (the price endpoint reports it). */
export type ServicePriceSource = 'region' | 'function' | 'base';

/**
 * The service's price in a region (docs/payments.md): the region price when one is set; else the price
 * function's result when above 0; else the base price, or 0. A failed function call is passed as
 * undefined and so falls back to the base price, as docs/payments.md says. A function result with centimes is
 * rounded half up, since the product only deals in whole MAD.
 */
export function resolveServicePrice({ regionPrice, functionPrice, basePrice }: ServicePriceInput): {
  price: number;
  source: ServicePriceSource;
} {
  if (regionPrice !== null && regionPrice !== undefined) {
    assertMoney(regionPrice, 'regionPrice');
    return { price: regionPrice, source: 'region' };
  }
  if (typeof functionPrice === 'number' && Number.isFinite(functionPrice) && functionPrice > 0) {
    return { price: Math.floor(functionPrice + 0.5), source: 'function' };
  }
  if (basePrice === null || basePrice === undefined) return { price: 0, source: 'base' };
  assertMoney(basePrice, 'basePrice');
  return { price: basePrice, source: 'base' };
}

/** What the catalogue holds about a service's price in a city (one read: catalog.repository.ts priceFacts). */
export interface CityPriceFacts {
  /** The city's own active price for the service (service_type_prices_by_region), if set. */
  regionPrice?: number | null;
  /** cities.price_factor (two decimals, above 0); null or undefined when no active city matched. */
  priceFactor?: number | null;
  /** service_types.base_price; null or undefined for an unknown service. */
  basePrice?: number | null;
}

/**
 * The price of a service in a city (docs/catalog.md "Price in a city"), the one home of the rule: the
 * city's own active price when one is set; else the base price times the city's factor (1 without a
 * city), rounded half up to whole MAD; 0 for an unknown service. The factor is taken in whole hundredths
 * (it is numeric(4,2)), so 190 x 1.15 is 218.5 and gives 219, as exact decimal arithmetic does (binary
 * floating point makes it 218.4999...). The migration's calculate_service_price answers the same for
 * every city and service (modules/catalog/price.test.ts).
 */
export function cityServicePrice({ regionPrice, priceFactor, basePrice }: CityPriceFacts): number {
  if (regionPrice !== null && regionPrice !== undefined) {
    assertMoney(regionPrice, 'regionPrice');
    return regionPrice;
  }
  if (basePrice === null || basePrice === undefined) return 0;
  assertMoney(basePrice, 'basePrice');
  const hundredths = priceFactor === null || priceFactor === undefined ? 100 : Math.round(priceFactor * 100);
  if (!(hundredths > 0)) throw new PricingError('OUT_OF_RANGE', `Price factor ${priceFactor} must be above 0`);
  return Math.floor((basePrice * hundredths + 50) / 100);
}

/** `resolveServicePrice` without the source. */
export function servicePrice(input: ServicePriceInput): number {
  return resolveServicePrice(input).price;
}

// ---------------------------------------------------------------------------------------------
// Quotes
// ---------------------------------------------------------------------------------------------

/** One priced line behind a total; stored in booking_price_lines in this order. */
export interface PriceLine {
  kind: PriceLineKind;
  label: string;
  /** Units: 1, or hours for an hourly line (may be 1.5). */
  quantity: number;
  unitAmount: number;
  amount: number;
}

export interface AddOnChoice {
  id: string;
  name: string;
  price: number;
}

/**
 * A priced booking. Customer side: total = subtotal + serviceFee. Professional side: payout =
 * subtotal - commission. The platform earns serviceFee + commission.
 */
export interface Quote {
  lines: PriceLine[];
  /** The service line (fixed price, or hourly rate x hours). */
  servicePrice: number;
  addOnsTotal: number;
  /** The service value: servicePrice + addOnsTotal. Fees and cancellation fees are taken on it. */
  subtotal: number;
  /** Customer service fee, SERVICE_FEE_RATE of the subtotal, added on top. */
  serviceFee: number;
  /** Taken from the professional's share, PRO_COMMISSION_RATE of the subtotal. */
  commission: number;
  /** What the customer pays. */
  total: number;
  /** What the professional receives when the escrow is released. */
  professionalPayout: number;
}

/** Label of the fee line; the web app shows its own translation by `kind`. */
export const SERVICE_FEE_LABEL = 'Service fee';

/** Rates a quote is computed with; defaults are the constants, tests and previews may pass others. */
export interface FeeRates {
  serviceFeeRate?: number;
  commissionRate?: number;
}

function finishQuote(serviceLine: PriceLine, addOnLines: PriceLine[], rates: FeeRates): Quote {
  const addOnsTotal = addOnLines.reduce((sum, l) => sum + l.amount, 0);
  const subtotal = serviceLine.amount + addOnsTotal;
  const serviceFee = percentOf(subtotal, rates.serviceFeeRate ?? SERVICE_FEE_RATE);
  const commission = percentOf(subtotal, rates.commissionRate ?? PRO_COMMISSION_RATE);
  const feeLine: PriceLine = { kind: 'fee', label: SERVICE_FEE_LABEL, quantity: 1, unitAmount: serviceFee, amount: serviceFee };
  return {
    lines: [serviceLine, ...addOnLines, feeLine],
    servicePrice: serviceLine.amount,
    addOnsTotal,
    subtotal,
    serviceFee,
    commission,
    total: subtotal + serviceFee,
    professionalPayout: subtotal - commission,
  };
}

/**
 * A fixed-price catalogue booking: the service, each chosen add-on, then the 15% fee on
 * (service + add-ons) (docs/payments.md). The same add-on twice is refused: the picker is a set of checkboxes.
 */
export function quote(
  input: { servicePrice: number; serviceLabel?: string; addOns?: readonly AddOnChoice[] },
  rates: FeeRates = {},
): Quote {
  assertMoney(input.servicePrice, 'servicePrice');
  const seen = new Set<string>();
  const addOnLines: PriceLine[] = (input.addOns ?? []).map((a) => {
    if (seen.has(a.id)) throw new PricingError('DUPLICATE_ADDON', `Add-on ${a.id} chosen twice`);
    seen.add(a.id);
    assertMoney(a.price, `add-on ${a.id} price`);
    return { kind: 'addon', label: a.name, quantity: 1, unitAmount: a.price, amount: a.price };
  });
  const serviceLine: PriceLine = {
    kind: 'service',
    label: input.serviceLabel ?? 'Service',
    quantity: 1,
    unitAmount: input.servicePrice,
    amount: input.servicePrice,
  };
  return finishQuote(serviceLine, addOnLines, rates);
}

/**
 * An hourly booking from a professional's page: hourly rate x hours plus the 15% fee (docs/payments.md Booking
 * page, §9). Hours come in half hours (the wizard's 0.5-8 h grid and the 1-8 h choices); a half hour
 * at an odd rate is rounded half up.
 */
export function hourlyQuote(input: { hourlyRate: number; hours: number; label?: string }, rates: FeeRates = {}): Quote {
  assertMoney(input.hourlyRate, 'hourlyRate');
  const { hours } = input;
  if (typeof hours !== 'number' || !Number.isFinite(hours) || hours <= 0 || !Number.isInteger(hours * 2)) {
    throw new PricingError('INVALID_QUANTITY', `hours must be a positive multiple of 0.5, got ${String(hours)}`);
  }
  // rate x (2 x hours) is an integer; halving it and rounding half up keeps integer arithmetic.
  const amount = Math.floor((input.hourlyRate * (hours * 2) + 1) / 2);
  const line: PriceLine = { kind: 'hourly', label: input.label ?? 'Hourly rate', quantity: hours, unitAmount: input.hourlyRate, amount };
  return finishQuote(line, [], rates);
}

// ---------------------------------------------------------------------------------------------
// Earnings calculator (become-pro marketing page)
// ---------------------------------------------------------------------------------------------

export interface EarningsEstimate {
  weeklyGross: number;
  /** weekly x 4.3, rounded half up. */
  monthlyGross: number;
  monthlyCommission: number;
  monthlyTakeHome: number;
  /** monthly take-home x 12 (docs/payments.md). */
  annualTakeHome: number;
}

/**
 * What a professional could earn (docs/payments.md): hours per week 5-60 and rate 80-400 MAD, 4.3 weeks a
 * month, minus the platform commission (0% by default, so take-home = gross), annual = monthly
 * take-home x 12. Out-of-range input is refused rather than clamped: the sliders cannot produce it.
 */
export function earningsEstimate(
  input: { hoursPerWeek: number; hourlyRate: number },
  rates: Pick<FeeRates, 'commissionRate'> = {},
): EarningsEstimate {
  const { hoursPerWeek, hourlyRate } = input;
  const { hoursPerWeek: h, hourlyRate: r, weeksPerMonth, monthsPerYear } = EARNINGS_CALCULATOR;
  if (!Number.isInteger(hoursPerWeek) || hoursPerWeek < h.min || hoursPerWeek > h.max) {
    throw new PricingError('OUT_OF_RANGE', `hoursPerWeek must be ${h.min}-${h.max}, got ${hoursPerWeek}`);
  }
  if (!Number.isInteger(hourlyRate) || hourlyRate < r.min || hourlyRate > r.max) {
    throw new PricingError('OUT_OF_RANGE', `hourlyRate must be ${r.min}-${r.max}, got ${hourlyRate}`);
  }
  const weeklyGross = hoursPerWeek * hourlyRate;
  const weeksHundredths = Math.round(weeksPerMonth * 100); // 430: integer arithmetic, half up
  const monthlyGross = Math.floor((weeklyGross * weeksHundredths + 50) / 100);
  const monthlyCommission = percentOf(monthlyGross, rates.commissionRate ?? PRO_COMMISSION_RATE);
  const monthlyTakeHome = monthlyGross - monthlyCommission;
  return { weeklyGross, monthlyGross, monthlyCommission, monthlyTakeHome, annualTakeHome: monthlyTakeHome * monthsPerYear };
}
