/**
 * What other modules may use of bookings: the professional pool (who works when, and what keeps them
 * busy), which the professionals' availability reads too.
 */
export { ProfessionalPoolRepository, type PoolFilter, type PoolMember } from './pool.repository';
/** Payment states in which the professional has the booking (and chat may open between the two parties). */
export { PRO_VISIBLE_PAYMENT } from './booking.repository';
