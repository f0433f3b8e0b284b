/**
 * Who may call each operation of the API (issue 28): one row per operation of the OpenAPI document,
 * keyed "METHOD /path" as the document spells it. The permissions themselves are permissions.ts's;
 * a row only says which one an operation needs and, when its path names something that belongs to
 * somebody, whose it must be.
 *
 * apps/server/src/authorization-matrix.test.ts calls every operation of the document as eight people
 * (signed out, a customer, another customer, a professional, another professional, an admin without
 * roles, a reviewer and a finance admin) with ids that belong to the customer and the professional of
 * one booking, and checks each answer against the row. An operation without a row fails that test:
 * a new route is added here with the rule it is meant to follow.
 */
import type { Permission } from './permissions';

/**
 * Whose the thing named by the path must be, on top of the permission:
 * - `booking-party`: the booking's customer or its professional.
 * - `booking-party-or-reader`: the same, or anyone holding booking:read:any (admins).
 * - `booking-customer` / `booking-pro`: that side of the booking only.
 * - `booking-customer-or-reader`: the booking's customer, or anyone holding booking:read:any.
 * - `booking-customer-or-finance`: the booking's customer, or anyone holding finance:read (invoices).
 * - `review-pro`: the professional the review is about.
 * - `not-review-author`: anybody but the review's author (nobody votes on their own review).
 * - `professional`: the caller's own professional profile: an account that is a professional (an
 *   admin holds every permission but has no such profile).
 * - `applicant`: the applicant's own application, and nobody else's.
 * - `not-admin`: a customer's or a professional's own account (an admin's access is removed by a super admin).
 * - `third-party`: something of somebody none of the callers is (another user's application): the
 *   permission alone decides.
 */
export type RouteOwnership =
  | 'booking-party'
  | 'booking-party-or-reader'
  | 'booking-customer'
  | 'booking-pro'
  | 'booking-customer-or-reader'
  | 'booking-customer-or-finance'
  | 'review-pro'
  | 'not-review-author'
  | 'professional'
  | 'applicant'
  | 'not-admin'
  | 'third-party';

export interface RouteAccess {
  /**
   * `anyone` (signed out too), `signed-in` (any account), the permission the caller must hold, or a
   * list of permissions of which the caller must hold one.
   */
  needs: 'anyone' | 'signed-in' | Permission | readonly Permission[];
  of?: RouteOwnership;
  /**
   * Development-only routes (absent in production, where main.ts does not register them).
   */
  devOnly?: true;
}

const anyone: RouteAccess = { needs: 'anyone' };
const signedIn: RouteAccess = { needs: 'signed-in' };
const needs = (permission: Permission | readonly Permission[], of?: RouteOwnership): RouteAccess => (of ? { needs: permission, of } : { needs: permission });

export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // Platform.
  'GET /api/ws': signedIn,
  'GET /api/health': anyone,
  'GET /api/map': anyone,
  'GET /livez': anyone,
  'GET /readyz': anyone,
  // Accounts and sessions.
  'POST /api/accounts/sign-up': anyone,
  // The confirmation link's password step (issue 41) and phone sign-in (issue 42): for people not signed in.
  'POST /api/accounts/confirm-email': anyone,
  'POST /api/accounts/phone/code': anyone,
  'POST /api/accounts/phone/sign-in': anyone,
  // A phone account adds its email (issue 42); the link's step works signed in or not.
  'GET /api/accounts/email': signedIn,
  'POST /api/accounts/email': signedIn,
  'POST /api/accounts/email/confirm': anyone,
  // One's own account (issue 41): what closing keeps, closing it, exporting one's data. The service refuses admins.
  'GET /api/account/closure': signedIn,
  'POST /api/account/close': { needs: 'signed-in', of: 'not-admin' },
  'GET /api/account/export': signedIn,
  'POST /api/auth/sign-in/email': anyone,
  // Signing out without a session is harmless: 200 with nothing to end.
  'POST /api/auth/sign-out': anyone,
  'GET /api/auth/get-session': anyone,
  'POST /api/auth/send-verification-email': anyone,
  'POST /api/auth/request-password-reset': anyone,
  'GET /api/auth/reset-password/{token}': anyone,
  'POST /api/auth/reset-password': anyone,
  'POST /api/auth/change-password': signedIn,
  'GET /api/auth/list-sessions': signedIn,
  'POST /api/auth/revoke-session': signedIn,
  'POST /api/auth/revoke-other-sessions': signedIn,
  'POST /api/auth/phone-number/send-otp': signedIn,
  'POST /api/auth/phone-number/verify': signedIn,
  'GET /api/auth/token': signedIn,
  'GET /api/auth/jwks': anyone,
  // Profile and files.
  'GET /api/me': signedIn,
  'GET /api/profile': signedIn,
  'PATCH /api/profile': needs('profile:update:own'),
  'POST /api/profile/avatar': needs('profile:update:own'),
  // Notification preferences: the caller's own (no user id in the path).
  'GET /api/profile/notifications': signedIn,
  'PUT /api/profile/notifications': signedIn,
  'GET /api/files/avatars/{userId}/{file}': anyone,
  // Signed URLs are capabilities: whoever holds one reads the file, whoever does not gets nothing.
  'GET /api/files/signed/{*}': anyone,
  'GET /api/files/public/{*}': anyone,
  // Catalogue and public pages' data.
  'GET /api/categories': anyone,
  'GET /api/services': anyone,
  'GET /api/services/{id}': anyone,
  'GET /api/services/{id}/price': anyone,
  'GET /api/cities': anyone,
  'GET /api/cities/{slug}/boroughs': anyone,
  'POST /api/contact': anyone,
  // Bookings.
  'POST /api/bookings/quote': anyone,
  'POST /api/bookings/quote/hourly': anyone,
  'POST /api/bookings/assignment': anyone,
  'POST /api/bookings': needs('booking:create'),
  'GET /api/bookings': signedIn,
  'POST /api/bookings/hourly': needs('booking:create'),
  'GET /api/bookings/stats': signedIn,
  'GET /api/bookings/{id}': { needs: 'signed-in', of: 'booking-party-or-reader' },
  // Either side may cancel (the professional's cancellation refunds the customer in full).
  'GET /api/bookings/{id}/cancellation': needs('booking:cancel:own', 'booking-party'),
  'POST /api/bookings/{id}/accept': needs('booking:accept:own', 'booking-pro'),
  'POST /api/bookings/{id}/decline': needs('booking:decline:own', 'booking-pro'),
  'POST /api/bookings/{id}/cancel': needs('booking:cancel:own', 'booking-party'),
  'GET /api/bookings/{id}/reschedule-options': needs('booking:cancel:own', 'booking-customer'),
  'POST /api/bookings/{id}/reschedule': needs('booking:cancel:own', 'booking-customer'),
  'POST /api/bookings/{id}/pay': needs('booking:create', 'booking-customer'),
  // Guarantee claims (docs/claims.md): the customer reports and replies, the professional answers, admins decide.
  'GET /api/bookings/{id}/claim': { needs: 'signed-in', of: 'booking-party-or-reader' },
  'POST /api/bookings/{id}/claim': needs('booking:read:own', 'booking-customer'),
  'POST /api/bookings/{id}/claim/photos': needs('booking:read:own', 'booking-customer'),
  'POST /api/bookings/{id}/claim/answer': needs('booking:accept:own', 'booking-pro'),
  'POST /api/bookings/{id}/claim/reply': needs('booking:read:own', 'booking-customer'),
  'GET /api/admin/claims': needs(['claim:decide', 'booking:refund']),
  'POST /api/admin/bookings/{id}/claim/decision': needs('claim:decide'),
  'POST /api/admin/bookings/{id}/claim/refund': needs('booking:refund'),
  // Running late and no-shows (issue 41, docs/lateness.md).
  'POST /api/bookings/{id}/delay': { needs: 'signed-in', of: 'booking-pro' },
  'POST /api/bookings/{id}/arrived': { needs: 'signed-in', of: 'booking-pro' },
  'POST /api/bookings/{id}/no-show': { needs: 'signed-in', of: 'booking-party' },
  // Professionals.
  'GET /api/pros': anyone,
  'GET /api/pros/stats': anyone,
  'GET /api/pros/me/settings': needs('services:manage:own', 'professional'),
  'PUT /api/pros/me/settings': needs('services:manage:own', 'professional'),
  'PUT /api/pros/me/service-area': needs('services:manage:own', 'professional'),
  'GET /api/pros/{id}': anyone,
  'GET /api/pros/{id}/reviews': anyone,
  'GET /api/pros/{id}/availability': anyone,
  // Reviews.
  'GET /api/reviews/booking/{bookingId}': { needs: 'signed-in', of: 'booking-party-or-reader' },
  'POST /api/reviews': needs('review:create'),
  'GET /api/reviews/my-votes': signedIn,
  'POST /api/reviews/{id}/helpful': { needs: 'signed-in', of: 'not-review-author' },
  'POST /api/reviews/{id}/reply': { needs: 'signed-in', of: 'review-pro' },
  // Recurring bookings: the series' customer or professional, checked by the service (anyone else: 404).
  'POST /api/recurring/series': needs('booking:create'),
  'GET /api/recurring/series': signedIn,
  'GET /api/recurring/series/{id}': signedIn,
  'POST /api/recurring/series/{id}/pause': needs('booking:cancel:own'),
  'POST /api/recurring/series/{id}/resume': needs('booking:cancel:own'),
  'POST /api/recurring/series/{id}/cancel': needs('booking:cancel:own'),
  'PATCH /api/recurring/series/{id}/time': needs('booking:cancel:own'),
  'POST /api/recurring/series/{id}/occurrences/{seq}/skip': needs('booking:cancel:own'),
  'POST /api/recurring/series/{id}/occurrences/{seq}/move': needs('booking:cancel:own'),
  'POST /api/recurring/series/{id}/occurrences/{seq}/rebook': needs('booking:create'),
  'POST /api/recurring/series/{id}/decline': needs('booking:decline:own'),
  'GET /api/admin/flagged-professionals': needs('admin:access'),
  // Earnings, payouts, receipts.
  'GET /api/earnings': needs('earnings:read:own', 'professional'),
  'POST /api/payouts': needs('payout:request', 'professional'),
  'GET /api/admin/payouts': needs('payout:manage'),
  'POST /api/admin/payouts/{id}/paid': needs('payout:manage'),
  'POST /api/admin/payouts/{id}/reveal': needs('finance:read'),
  'POST /api/admin/payouts/statement': needs('payout:manage'),
  'GET /api/admin/payout-batches': needs('payout:manage'),
  'POST /api/admin/payout-batches': needs('payout:manage'),
  'GET /api/admin/payout-batches/{id}/csv': needs('payout:manage'),
  'GET /api/admin/payout-batches/{id}/pdf': needs('payout:manage'),
  // Hosted payments (docs/payments.md): the finance lists.
  'GET /api/admin/payments/refunds/failed': needs('payout:manage'),
  'POST /api/admin/payments/refunds/{id}/retry': needs('payout:manage'),
  'GET /api/admin/payments/reconciliation': needs('payout:manage'),
  'GET /api/receipts/{bookingId}': { needs: 'signed-in', of: 'booking-customer-or-reader' },
  'GET /api/receipts/{bookingId}/pdf': { needs: 'signed-in', of: 'booking-customer-or-reader' },
  'GET /api/invoices/{bookingId}': { needs: 'signed-in', of: 'booking-customer-or-finance' },
  'GET /api/invoices/{bookingId}/pdf': { needs: 'signed-in', of: 'booking-customer-or-finance' },
  // Applications (the onboarding wizard).
  'GET /api/applications/mine': needs('application:read:own'),
  'GET /api/applications/draft': needs('application:create'),
  'PUT /api/applications/draft/personal': needs('application:create'),
  'PUT /api/applications/draft/area': needs('application:create'),
  'PUT /api/applications/draft/services': needs('application:create'),
  'PUT /api/applications/draft/availability': needs('application:create'),
  'PUT /api/applications/draft/final': needs('application:create'),
  'POST /api/applications/draft/documents/{kind}': needs('application:create'),
  'DELETE /api/applications/draft/documents/{kind}': needs('application:create'),
  'GET /api/applications/draft/documents/{kind}': needs('application:create'),
  'GET /api/applications/{id}/documents/{kind}': needs('application:read:own', 'applicant'),
  'POST /api/applications': needs('application:create'),
  // Administration.
  'GET /api/admin/bookings': needs('booking:read:any'),
  'GET /api/admin/bookings/{id}/candidates': needs('booking:reassign'),
  'POST /api/admin/bookings/{id}/reassign': needs('booking:reassign'),
  'POST /api/admin/bookings/{id}/refund': needs('booking:refund'),
  'POST /api/admin/bookings/{id}/complete': needs('booking:complete'),
  // The admin's view of professionals and their suspension (issue 41).
  'GET /api/admin/professionals': needs('admin:access'),
  'GET /api/admin/professionals/{id}': needs('admin:access'),
  'POST /api/admin/professionals/{id}/suspend': needs('professional:suspend'),
  'POST /api/admin/professionals/{id}/reinstate': needs('professional:suspend'),
  'GET /api/admin/overview': needs('admin:access'),
  // Finance admins open the review too (to see bank data), reviewers to decide.
  'GET /api/admin/applications': needs(['application:review', 'finance:read']),
  // The matrix reveals the phone (application:review); iban and taxId need finance:read (review.test.ts).
  'POST /api/admin/applications/{id}/reveal': needs('application:review', 'third-party'),
  // A document of an application under review: reviewers and finance admins (who open the review).
  'POST /api/admin/applications/{id}/documents/{kind}': needs(['application:review', 'finance:read'], 'third-party'),
  'POST /api/admin/applications/{id}/approve': needs('application:review', 'third-party'),
  'POST /api/admin/applications/{id}/reject': needs('application:review', 'third-party'),
  'GET /api/admin/access-log': needs('audit:read'),
  'GET /api/admin/contact-messages': needs('contact:read'),
  // Quotes for jobs without a fixed price (docs/job-quotes.md): the service answers 404 for a request
  // that is not the caller's (customer) or not one they may quote (professional).
  'POST /api/job-requests': needs('booking:create'),
  'GET /api/job-requests': needs('booking:create'),
  'GET /api/job-requests/{id}': signedIn,
  'POST /api/job-requests/{id}/cancel': needs('booking:create'),
  'POST /api/job-requests/{id}/photos': needs('booking:create'),
  'GET /api/job-requests/{id}/photos/{photoId}': signedIn,
  'GET /api/pro/job-requests': needs('booking:accept:own', 'professional'),
  'POST /api/job-requests/{id}/quotes': needs('booking:accept:own', 'professional'),
  'POST /api/job-requests/{id}/quotes/{quoteId}/withdraw': needs('booking:accept:own', 'professional'),
  'POST /api/job-requests/{id}/quotes/{quoteId}/accept': needs('booking:create'),
  'GET /api/admin/failed-jobs': needs('jobs:manage'),
  'POST /api/admin/failed-jobs/{id}/retry': needs('jobs:manage', 'third-party'),
  // Support tickets (docs/support.md): a ticket id in the path is the caller's or not found (404).
  'GET /api/support/tickets': needs('support:use'),
  'POST /api/support/tickets': needs('support:use'),
  'GET /api/support/tickets/{id}': needs('support:use', 'third-party'),
  'POST /api/support/tickets/{id}/messages': needs('support:use', 'third-party'),
  'POST /api/support/tickets/{id}/resolve': needs('support:use', 'third-party'),
  'POST /api/support/tickets/{id}/files': needs('support:use', 'third-party'),
  'GET /api/admin/support/tickets': needs('support:manage'),
  'GET /api/admin/support/tickets/{id}': needs('support:manage', 'third-party'),
  'POST /api/admin/support/tickets/{id}/messages': needs('support:manage', 'third-party'),
  'PATCH /api/admin/support/tickets/{id}': needs('support:manage', 'third-party'),
  // Promo codes and referrals (docs/promos.md).
  'GET /api/admin/promo-codes': needs('promo:manage'),
  'POST /api/admin/promo-codes': needs('promo:manage'),
  'POST /api/admin/promo-codes/{id}/deactivate': needs('promo:manage'),
  'POST /api/admin/promo-codes/{id}/activate': needs('promo:manage'),
  'POST /api/promos/quote': needs('booking:create'),
  'GET /api/referrals/me': needs('booking:create'),
  'POST /api/referrals/claim': needs('booking:create'),
  // Chat and push.
  // The caller's own conversations: an admin's list is empty.
  'GET /api/chat/conversations': signedIn,
  'POST /api/chat/conversations': needs('chat:use'),
  'GET /api/chat/bookings/{id}/conversation': { needs: 'signed-in', of: 'booking-party-or-reader' },
  'GET /api/chat/conversations/{id}': { needs: 'signed-in', of: 'booking-party-or-reader' },
  'GET /api/chat/conversations/{id}/messages': { needs: 'signed-in', of: 'booking-party-or-reader' },
  'POST /api/chat/conversations/{id}/messages': needs('chat:use', 'booking-party'),
  'POST /api/chat/conversations/{id}/files': needs('chat:use', 'booking-party'),
  'GET /api/chat/conversations/{id}/files/{file}': { needs: 'signed-in', of: 'booking-party-or-reader' },
  'POST /api/chat/conversations/{id}/read': { needs: 'signed-in', of: 'booking-party' },
  'GET /api/push/config': signedIn,
  'POST /api/push/subscriptions': signedIn,
  'DELETE /api/push/subscriptions': signedIn,
  // Development only (the outbox page); main.ts does not register it in production.
  'GET /api/dev/outbox': { needs: 'anyone', devOnly: true },
};

/** The key of an operation in ROUTE_ACCESS. */
export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
