/**
 * What only the booking pages read and write (TanStack Query hooks): the server's quote and
 * assignment, and the two create routes. The catalogue the wizard picks from, the professional being
 * booked and the shared booking queries (lists, pay, cancel...) are entities (src/entities/).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AssignmentPreviewRequest,
  AssignmentPreviewResponse,
  BookingDto,
  CreateBookingRequest,
  CreateHourlyBookingRequest,
  HourlyQuoteRequest,
  QuoteRequest,
  QuoteResponse,
} from '@khedma/shared';
import { api } from '../../lib/api';
import { bookingApiPaths, bookingKeys } from '../../entities/booking/api';

/** POST /api/bookings/quote: the server's price lines for the current choice (display only). */
export function useQuote(request: QuoteRequest | null) {
  return useQuery({
    queryKey: bookingKeys.quote(request),
    queryFn: ({ signal }) => api.post<QuoteResponse>(bookingApiPaths.quote, request, { signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** POST /api/bookings/quote/hourly: the /booking summary. */
export function useHourlyQuote(request: HourlyQuoteRequest | null) {
  return useQuery({
    queryKey: bookingKeys.hourlyQuote(request),
    queryFn: ({ signal }) => api.post<QuoteResponse>(bookingApiPaths.hourlyQuote, request, { signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** POST /api/bookings/assignment: who would take this service, city and time (wizard step 4). */
export function useAssignment(request: AssignmentPreviewRequest | null) {
  return useQuery({
    queryKey: bookingKeys.assignment(request),
    queryFn: ({ signal }) => api.post<AssignmentPreviewResponse>(bookingApiPaths.assignment, request, { signal }),
    enabled: request !== null,
    // Availability changes as others book: ask again each time the step shows.
    staleTime: 0,
    gcTime: 30_000,
  });
}

/** The header that makes a retried create return the first answer (issue 5). One key per attempt series. */
export function idempotencyHeaders(key: string) {
  return { 'Idempotency-Key': key };
}

/** POST /api/bookings (wizard). */
export function createBooking(request: CreateBookingRequest, idempotencyKey: string) {
  return api.post<BookingDto>(bookingApiPaths.create, request, { headers: idempotencyHeaders(idempotencyKey) });
}

/** POST /api/bookings/hourly (/booking/{professionalId}). */
export function createHourlyBooking(request: CreateHourlyBookingRequest, idempotencyKey: string) {
  return api.post<BookingDto>(bookingApiPaths.createHourly, request, { headers: idempotencyHeaders(idempotencyKey) });
}

/** A fresh Idempotency-Key (crypto.randomUUID where available). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

