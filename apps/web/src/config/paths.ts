/**
 * Every URL of the web app, in one place (docs/README.md route table, with docs/README.md's readings).
 *
 * - `routes` are the router patterns (used by each feature's routes.tsx).
 * - `paths` build concrete URLs; pages and links use these, never string literals, so a renamed route
 *   is a one-line change and a typo is a type error.
 */

import { CATEGORIES, type Category } from '@khedma/shared/domain/catalog';

/**
 * Service categories: the shared domain's one list (domain/catalog imports no zod, so the first load stays small).
 * /services/{category} shows the catalogue filtered to it; any other value is a service id.
 */
export const SERVICE_CATEGORIES = CATEGORIES;
export type ServiceCategory = Category;

/** The category a /services/{value} segment names (case-insensitive), or null when it is a service id. */
export function toServiceCategory(value: string | undefined): ServiceCategory | null {
  const lower = value?.toLowerCase();
  return SERVICE_CATEGORIES.find((category) => category === lower) ?? null;
}

export const routes = {
  home: '/',
  about: '/about',
  services: '/services',
  /** A service id or a category slug (see toServiceCategory). */
  serviceOrCategory: '/services/:serviceId',
  contact: '/contact',
  faq: '/faq',
  pricing: '/pricing',
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
  /** Opened in a new tab from the onboarding wizard; same content as /terms and /privacy. */
  termsNew: '/terms-new',
  privacyNew: '/privacy-new',
  login: '/login',
  signup: '/signup',
  /** Sign in or sign up with a Moroccan mobile and a one-time code (SMS or WhatsApp); ?mode=signup, ?next=. */
  phoneSignIn: '/login/phone',
  /** Asks for the reset email (never says whether an account exists). */
  forgotPassword: '/forgot-password',
  /** The reset email's link lands here with ?token= (or ?error=INVALID_TOKEN). */
  resetPassword: '/reset-password',
  /** The confirmation email's link: choose your password (issue 41, docs/accounts.md "Confirmation"). */
  confirmEmail: '/confirm-email',
  /** The link sent to the email a phone account adds from its profile: confirms it at once (issue 42). */
  confirmNewEmail: '/confirm-new-email',
  becomePro: '/become-pro',
  registerProfessional: '/register-professional',
  professionalOnboarding: '/professional-onboarding',
  /** Redirects to /professional-onboarding. */
  applyProfessional: '/apply-professional',
  dashboard: '/dashboard',
  dashboardBookings: '/dashboard/bookings',
  profile: '/profile',
  /** One's data and the account's closure (issue 41, docs/retention.md). */
  accountData: '/profile/account',
  proProfile: '/pro-profile',
  pro: '/pro/:id',
  /** Redirects to /pro/{id} (docs/README.md). */
  professional: '/professional/:id',
  proBookings: '/pro-bookings',
  bookings: '/bookings',
  /** Paying an unpaid hold of one's own (docs/bookings.md Unpaid holds): the payment screen for that booking. */
  payBooking: '/bookings/:id/pay',
  /** Redirects to /book-service (the spec lists /book without describing it). */
  book: '/book',
  search: '/search',
  /**
   * The Professionals finder (docs/README.md gives it no address): /professionals, the plain word for the
   * list, beside /pro/{id} for one of them; login required.
   */
  professionals: '/professionals',
  bookService: '/book-service',
  /** /booking and /booking/{professionalId}?date=&time=&description= */
  booking: '/booking/:proId?',
  chat: '/chat',
  nativeFeatures: '/native-features',
  adminReviewProfessionals: '/admin/review-professionals',
  adminBookings: '/admin/bookings',
  /** Reviews and earnings (issue 27): the review of a completed booking, its receipt, the professional's earnings. */
  review: '/review/:bookingId',
  receipt: '/receipts/:bookingId',
  earnings: '/earnings',
  adminPayouts: '/admin/payouts',
  adminFlaggedProfessionals: '/admin/flagged-professionals',
  /** Quotes for jobs without a fixed price (docs/job-quotes.md). */
  jobRequests: '/quotes',
  newJobRequest: '/quotes/new',
  jobRequest: '/quotes/:requestId',
  proJobRequests: '/dashboard/job-requests',
  proJobRequest: '/dashboard/job-requests/:requestId',
  /** Guarantee claims waiting for a decision (docs/claims.md). */
  adminClaims: '/admin/claims',
  /** Issue 41: the admin's list and view of professionals (counts, suspension). */
  adminProfessionals: '/admin/professionals',
  adminProfessional: '/admin/professionals/:id',
  /** Promo codes (docs/promos.md), promo:manage. */
  adminPromoCodes: '/admin/promo-codes',
  /** A referral link: /r/{code} (docs/promos.md). */
  referral: '/r/:code',
  /** Recurring bookings (issue 43): a series and its visits; repeating a booking (?booking=). */
  recurringSeries: '/recurring/:id',
  recurringNew: '/recurring/new',
  devMailbox: '/dev/mailbox',
  /** Support tickets (docs/support.md): the person's list, a new ticket (?booking=), one ticket; the team's queue. */
  support: '/support',
  supportNew: '/support/new',
  supportTicket: '/support/:id',
  adminSupport: '/admin/support',
  adminSupportTicket: '/admin/support/:id',
} as const;

export type RoutePattern = (typeof routes)[keyof typeof routes];

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

/** Appends the defined, non-empty parameters as a query string (in insertion order). */
export function withQuery(path: string, params?: QueryParams, hash?: string): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return `${path}${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`;
}

const segment = (value: string | number) => encodeURIComponent(String(value));

export interface ServicesQuery {
  category?: ServiceCategory | string;
  /** Jump to the search section (/services#search). */
  toSearch?: boolean;
}

export interface BookingQuery {
  /** yyyy-mm-dd */
  date?: string;
  /** HH:mm */
  time?: string;
  description?: string;
}

export interface SearchQuery {
  city?: string;
  service?: string;
  minRating?: number;
  sort?: string;
  /** Professionals finder parameters (docs/README.md). */
  category?: string;
  search?: string;
}

export const paths = {
  home: () => routes.home,
  about: () => routes.about,
  services: (query: ServicesQuery = {}) =>
    withQuery(routes.services, { category: query.category }, query.toSearch ? 'search' : undefined),
  serviceCategory: (category: ServiceCategory) => `/services/${segment(category)}`,
  service: (serviceId: string) => `/services/${segment(serviceId)}`,
  contact: () => routes.contact,
  faq: () => routes.faq,
  pricing: () => routes.pricing,
  terms: () => routes.terms,
  privacy: () => routes.privacy,
  cookies: () => routes.cookies,
  termsNew: () => routes.termsNew,
  privacyNew: () => routes.privacyNew,
  /** /login, or /login?next=<path> to come back after logging in (see lib/safe-next.ts). */
  login: (query: { next?: string } = {}) => withQuery(routes.login, { next: query.next }),
  signup: () => routes.signup,
  phoneSignIn: (query: { next?: string; mode?: 'signup' } = {}) => withQuery(routes.phoneSignIn, { next: query.next, mode: query.mode }),
  forgotPassword: () => routes.forgotPassword,
  resetPassword: () => routes.resetPassword,
  confirmEmail: () => routes.confirmEmail,
  confirmNewEmail: () => routes.confirmNewEmail,
  becomePro: () => routes.becomePro,
  registerProfessional: () => routes.registerProfessional,
  professionalOnboarding: () => routes.professionalOnboarding,
  applyProfessional: () => routes.applyProfessional,
  dashboard: () => routes.dashboard,
  dashboardBookings: () => routes.dashboardBookings,
  profile: () => routes.profile,
  accountData: () => routes.accountData,
  proProfile: () => routes.proProfile,
  pro: (id: string) => `/pro/${segment(id)}`,
  professional: (id: string) => `/professional/${segment(id)}`,
  proBookings: () => routes.proBookings,
  bookings: (query: { success?: boolean } = {}) =>
    withQuery(routes.bookings, { success: query.success ? 'true' : undefined }),
  payBooking: (id: string) => `/bookings/${segment(id)}/pay`,
  book: () => routes.book,
  search: (query: SearchQuery = {}) => withQuery(routes.search, { ...query }),
  professionals: (query: { category?: string; search?: string } = {}) => withQuery(routes.professionals, { ...query }),
  bookService: () => routes.bookService,
  booking: (proId?: string, query: BookingQuery = {}) =>
    withQuery(proId ? `/booking/${segment(proId)}` : '/booking', { ...query }),
  /** `booking`: the conversation of that booking (its parties and admins), resolved by the chat page. */
  chat: (query: { conversation?: string; booking?: string } = {}) => withQuery(routes.chat, { ...query }),
  nativeFeatures: () => routes.nativeFeatures,
  adminReviewProfessionals: () => routes.adminReviewProfessionals,
  adminBookings: (query: { search?: string } = {}) => withQuery(routes.adminBookings, { ...query }),
  review: (bookingId: string) => `/review/${segment(bookingId)}`,
  receipt: (bookingId: string) => `/receipts/${segment(bookingId)}`,
  earnings: () => routes.earnings,
  adminPayouts: () => routes.adminPayouts,
  adminClaims: () => routes.adminClaims,
  adminFlaggedProfessionals: () => routes.adminFlaggedProfessionals,
  jobRequests: () => routes.jobRequests,
  newJobRequest: (serviceId?: string) => withQuery(routes.newJobRequest, { service: serviceId }),
  jobRequest: (id: string) => `/quotes/${segment(id)}`,
  proJobRequests: () => routes.proJobRequests,
  proJobRequest: (id: string) => `/dashboard/job-requests/${segment(id)}`,
  adminProfessionals: () => routes.adminProfessionals,
  adminProfessional: (id: string) => `/admin/professionals/${segment(id)}`,
  adminPromoCodes: () => routes.adminPromoCodes,
  referral: (code: string) => `/r/${encodeURIComponent(code)}`,
  recurringSeries: (id: string) => `/recurring/${segment(id)}`,
  /** Repeat that booking weekly, every 2 or every 4 weeks (the wizard's Repeat, a booking's Book again every ...). */
  recurringNew: (bookingId: string) => withQuery(routes.recurringNew, { booking: bookingId }),
  devMailbox: () => routes.devMailbox,
  support: () => routes.support,
  supportNew: (query: { booking?: string } = {}) => withQuery(routes.supportNew, { ...query }),
  supportTicket: (id: string) => `/support/${segment(id)}`,
  adminSupport: () => routes.adminSupport,
  adminSupportTicket: (id: string) => `/admin/support/${segment(id)}`,
} as const;
