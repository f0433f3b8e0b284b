/**
 * The booking entity's API (issue 5): query keys, fetchers and TanStack Query hooks shared by the
 * booking feature (wizard, My Bookings, pending bookings), the dashboard and the booking feature's
 * realtime subscription, which invalidates `bookingKeys.all` when the server says a booking changed.
 *
 * The client never sends a price: it says what was chosen and shows the server's quote.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookingDto,
  BookingStatsResponse,
  BookingStatus,
  CancellationPreviewResponse,
  PayBookingRequest,
  PayBookingResponse,
  RescheduleBookingRequest,
  RescheduleOptionsResponse,
} from '@khedma/shared';
import { api } from '../../lib/api';
import { useSingleFlightMutation } from '../../lib/single-flight';
import { useSessionUser } from '../../lib/session';

export type { BookingDto } from '@khedma/shared';

export type BookingListRole = 'customer' | 'professional';

export interface BookingListFilter {
  role?: BookingListRole;
  status?: BookingStatus;
}

/** Every bookings query starts with `bookingKeys.all`, so one invalidation refreshes them all. */
export const bookingKeys = {
  all: ['bookings'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (filter: BookingListFilter = {}) => [...bookingKeys.lists(), filter] as const,
  stats: () => [...bookingKeys.all, 'stats'] as const,
  detail: (id: string) => [...bookingKeys.all, 'detail', id] as const,
  cancellation: (id: string) => [...bookingKeys.all, 'cancellation', id] as const,
  rescheduleOptions: (id: string) => [...bookingKeys.all, 'reschedule-options', id] as const,
  quote: (request: unknown) => [...bookingKeys.all, 'quote', request] as const,
  hourlyQuote: (request: unknown) => [...bookingKeys.all, 'quote', 'hourly', request] as const,
  assignment: (request: unknown) => [...bookingKeys.all, 'assignment', request] as const,
};

/** API paths of the bookings module. */
export const bookingApiPaths = {
  list: '/api/bookings',
  stats: '/api/bookings/stats',
  create: '/api/bookings',
  createHourly: '/api/bookings/hourly',
  quote: '/api/bookings/quote',
  hourlyQuote: '/api/bookings/quote/hourly',
  assignment: '/api/bookings/assignment',
  detail: (id: string) => `/api/bookings/${encodeURIComponent(id)}`,
  pay: (id: string) => `/api/bookings/${encodeURIComponent(id)}/pay`,
  accept: (id: string) => `/api/bookings/${encodeURIComponent(id)}/accept`,
  decline: (id: string) => `/api/bookings/${encodeURIComponent(id)}/decline`,
  cancel: (id: string) => `/api/bookings/${encodeURIComponent(id)}/cancel`,
  cancellation: (id: string) => `/api/bookings/${encodeURIComponent(id)}/cancellation`,
  reschedule: (id: string) => `/api/bookings/${encodeURIComponent(id)}/reschedule`,
  rescheduleOptions: (id: string) => `/api/bookings/${encodeURIComponent(id)}/reschedule-options`,
  delay: (id: string) => `/api/bookings/${encodeURIComponent(id)}/delay`,
  arrived: (id: string) => `/api/bookings/${encodeURIComponent(id)}/arrived`,
  noShow: (id: string) => `/api/bookings/${encodeURIComponent(id)}/no-show`,
  invoicePdf: (id: string, lang: string) => `/api/invoices/${encodeURIComponent(id)}/pdf?lang=${lang}`,
} as const;

// ---------------------------------------------------------------------------------------------
// Own actions: the realtime client does not toast what this tab just did itself
// ---------------------------------------------------------------------------------------------

const OWN_ACTION_WINDOW_MS = 10_000;
const ownActions = new Map<string, { at: number; actions: readonly string[] }>();

/**
 * Remembers that this tab changed a booking and which event actions that can cause (its own toast
 * says so; the echo event stays quiet). Someone else's action on the same booking still toasts: a
 * professional accepting seconds after the customer paid must be heard.
 */
export function noteOwnBookingAction(bookingId: string, actions: readonly string[], now = Date.now()): void {
  ownActions.set(bookingId, { at: now, actions });
}

/** True when this tab caused this action on the booking within the last few seconds. */
export function isOwnBookingAction(bookingId: string, action: string, now = Date.now()): boolean {
  const own = ownActions.get(bookingId);
  if (own === undefined) return false;
  if (now - own.at > OWN_ACTION_WINDOW_MS) {
    ownActions.delete(bookingId);
    return false;
  }
  return own.actions.includes(action);
}

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

/**
 * A user's bookings are read only while someone is signed in: at sign-out the cache is emptied while
 * the page (My Bookings) is still on screen, and its queries would otherwise read again, signed out (401).
 */
function useSignedIn(enabled: boolean | undefined): boolean {
  return useSessionUser() !== null && (enabled ?? true);
}

/** GET /api/bookings: newest first; `role` picks "made by me" or "assigned to me". */
export function useBookings(filter: BookingListFilter = {}, options: { enabled?: boolean } = {}) {
  const enabled = useSignedIn(options.enabled);
  return useQuery({
    queryKey: bookingKeys.list(filter),
    queryFn: ({ signal }) => api.get<BookingDto[]>(bookingApiPaths.list, { signal, query: { ...filter, limit: 100 } }),
    enabled,
    // Live data: the realtime channel invalidates it; a short stale time covers a missed event.
    staleTime: 5_000,
  });
}

/** GET /api/bookings/:id: one booking (as its customer, professional or an admin sees it). */
export function useBooking(id: string, options: { enabled?: boolean } = {}) {
  const enabled = useSignedIn(options.enabled);
  return useQuery({
    queryKey: bookingKeys.detail(id),
    queryFn: ({ signal }) => api.get<BookingDto>(bookingApiPaths.detail(id), { signal }),
    enabled,
    staleTime: 5_000,
  });
}

/** GET /api/bookings/stats: the dashboard cards. */
export function useBookingStats(options: { enabled?: boolean } = {}) {
  const enabled = useSignedIn(options.enabled);
  return useQuery({
    queryKey: bookingKeys.stats(),
    queryFn: ({ signal }) => api.get<BookingStatsResponse>(bookingApiPaths.stats, { signal }),
    enabled,
    staleTime: 5_000,
  });
}

/** GET /api/bookings/:id/cancellation: the fee the customer would pay now (shown before confirming). */
export function useCancellationPreview(id: string, options: { enabled?: boolean } = {}) {
  const enabled = useSignedIn(options.enabled);
  return useQuery({
    queryKey: bookingKeys.cancellation(id),
    queryFn: ({ signal }) => api.get<CancellationPreviewResponse>(bookingApiPaths.cancellation(id), { signal }),
    enabled,
    // The fee depends on the clock: always ask again.
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * GET /api/bookings/:id/reschedule-options: the days and start times the booking may move to, as the
 * server computes them from the rules and the professional's availability, days off and bookings.
 */
export function useRescheduleOptions(id: string, options: { enabled?: boolean } = {}) {
  const enabled = useSignedIn(options.enabled);
  return useQuery({
    queryKey: bookingKeys.rescheduleOptions(id),
    queryFn: ({ signal }) => api.get<RescheduleOptionsResponse>(bookingApiPaths.rescheduleOptions(id), { signal }),
    enabled,
    // Other bookings take times: always ask again when the form opens.
    staleTime: 0,
    gcTime: 0,
  });
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

/**
 * A change of a booking, sent once: a second tap while the first is on its way is dropped
 * (lib/single-flight.ts, issue 22), so only the change's own outcome is shown.
 */
function useBookingMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  bookingIdOf: (variables: TVariables) => string,
  /** The realtime actions this mutation causes (booking.updated `action`). */
  actions: readonly string[],
) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation(
    {
      mutationFn: (variables: TVariables) => {
        noteOwnBookingAction(bookingIdOf(variables), actions);
        return mutationFn(variables);
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
    },
    (variables) => `booking:${bookingIdOf(variables)}`,
  );
}

/** POST /api/bookings/:id/accept (the assigned professional). */
export function useAcceptBooking() {
  return useBookingMutation(
    (id: string) => api.post<BookingDto>(bookingApiPaths.accept(id)),
    (id) => id,
    ['accept'],
  );
}

/** POST /api/bookings/:id/decline (the assigned professional). */
export function useDeclineBooking() {
  return useBookingMutation(
    (id: string) => api.post<BookingDto>(bookingApiPaths.decline(id)),
    (id) => id,
    ['decline'],
  );
}

/** POST /api/bookings/:id/cancel. */
export function useCancelBooking() {
  return useBookingMutation(
    ({ id, reason }: { id: string; reason?: string }) => api.post<BookingDto>(bookingApiPaths.cancel(id), reason ? { reason } : {}),
    ({ id }) => id,
    ['customer_cancel', 'professional_cancel'],
  );
}

/** POST /api/bookings/:id/reschedule: another slot of the same professional, 24 h or more ahead. */
export function useRescheduleBooking() {
  return useBookingMutation(
    ({ id, ...window }: RescheduleBookingRequest & { id: string }) => api.post<BookingDto>(bookingApiPaths.reschedule(id), window),
    ({ id }) => id,
    ['reschedule'],
  );
}

/** POST /api/bookings/:id/pay (the payment screen). */
export function usePayBooking() {
  return useBookingMutation(
    ({ id, ...body }: PayBookingRequest & { id: string }) => api.post<PayBookingResponse>(bookingApiPaths.pay(id), body),
    ({ id }) => id,
    ['paid', 'payment_failed'],
  );
}
