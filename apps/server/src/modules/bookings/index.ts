/**
 * What other modules may use of bookings: its factory and use cases (app.ts hands them over), the professional pool (who works when, and what keeps them
 * busy), which the professionals' availability reads too.
 */
export { ProfessionalPoolRepository, type PoolFilter, type PoolMember } from './pool.repository';
export { createBookingsModule, type BookingsModule } from './bookings.module';
export type { BookingUseCases } from './use-cases';
export type { Notified } from './lifecycle.service';
export type { CreateAnswer, QuotedBookingInput } from './creation.service';
export { overlaps, worksAt } from './assignment.service';
export type { DiscountProvider, DiscountRequest, PlannedDiscount } from './discounts';
// Recurring bookings (modules/recurring) place each visit with the same professional and tell the customer.
export { isSlotConflict } from './bookings.errors';
export { formatDateTime, formatMoney } from './bookings.emails';
// The join of a booking's view, for the admin's bookings page (its own columns and filters).
export { joinBookingView } from './view-query';
