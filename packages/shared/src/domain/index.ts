/**
 * The pure domain of Khedma: the constants no capability owns, then each capability's rules with its own
 * limits (accounts, payments, catalogue, field rules, permissions, and the booking logic: time zone, schedule, pricing, status machine, cancellation, assignment, escrow). No I/O here.
 */
export * from './constants';
export * from './accounts';
export * from './payments';
export * from './catalog';
export * from './validation';
export * from './permissions';
export * from './time';
export * from './schedule';
export * from './pricing';
export * from './booking-status';
export * from './cancellation';
export * from './assignment';
export * from './travel';
export * from './escrow';
export * from './safe-next';
export * from './search';
export * from './applications';
export * from './pros';
export * from './holds';
export * from './reviews';
export * from './payouts';
export * from './payout-batches';
export * from './invoices';
export * from './masking';
export * from './chat';
export * from './native';
export * from './notifications';
export * from './phone-accounts';
export * from './promos';
