/**
 * What the booking pages read and write (TanStack Query hooks): the catalogue the wizard picks from,
 * the server's quote and assignment, the professional being booked, and the two create routes.
 * Shared booking queries (lists, pay, cancel...) live in src/lib/bookings.ts.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AssignmentPreviewRequest,
  AssignmentPreviewResponse,
  BookingDto,
  Borough,
  CategoryEntry,
  City,
  CreateBookingRequest,
  CreateHourlyBookingRequest,
  HourlyQuoteRequest,
  QuoteRequest,
  QuoteResponse,
  ServiceTypeDetail,
  ServiceTypeSummary,
} from '@khedma/shared';
import type { ProProfile } from '@khedma/shared/schemas/pros';
import { api, ApiError } from '../../lib/api';
import { bookingApiPaths } from '../../lib/bookings';
import { CATALOGUE_NETWORK_MODE } from '../../lib/catalog';

const catalogueStale = 5 * 60_000;

export function useCategories() {
  return useQuery({
    queryKey: ['catalog', 'categories'],
    queryFn: ({ signal }) => api.get<CategoryEntry[]>('/api/categories', { signal }),
    staleTime: catalogueStale,
    networkMode: CATALOGUE_NETWORK_MODE,
  });
}

export function useServices() {
  return useQuery({
    queryKey: ['catalog', 'services'],
    queryFn: ({ signal }) => api.get<ServiceTypeSummary[]>('/api/services', { signal }),
    staleTime: catalogueStale,
    networkMode: CATALOGUE_NETWORK_MODE,
  });
}

/** One service with its add-ons (the confirm step's picker). */
export function useService(id: string | null) {
  return useQuery({
    queryKey: ['catalog', 'service', id],
    queryFn: ({ signal }) => api.get<ServiceTypeDetail>(`/api/services/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
    staleTime: catalogueStale,
    networkMode: CATALOGUE_NETWORK_MODE,
  });
}

export function useCities() {
  return useQuery({
    queryKey: ['catalog', 'cities'],
    queryFn: ({ signal }) => api.get<City[]>('/api/cities', { signal }),
    staleTime: catalogueStale,
    networkMode: CATALOGUE_NETWORK_MODE,
  });
}

export function useBoroughs(citySlug: string | null) {
  return useQuery({
    queryKey: ['catalog', 'boroughs', citySlug],
    queryFn: ({ signal }) => api.get<Borough[]>(`/api/cities/${encodeURIComponent(citySlug!)}/boroughs`, { signal }),
    enabled: Boolean(citySlug),
    staleTime: catalogueStale,
    networkMode: CATALOGUE_NETWORK_MODE,
  });
}

/** POST /api/bookings/quote: the server's price lines for the current choice (display only). */
export function useQuote(request: QuoteRequest | null) {
  return useQuery({
    queryKey: ['bookings', 'quote', request],
    queryFn: ({ signal }) => api.post<QuoteResponse>(bookingApiPaths.quote, request, { signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** POST /api/bookings/quote/hourly: the /booking summary. */
export function useHourlyQuote(request: HourlyQuoteRequest | null) {
  return useQuery({
    queryKey: ['bookings', 'quote', 'hourly', request],
    queryFn: ({ signal }) => api.post<QuoteResponse>(bookingApiPaths.hourlyQuote, request, { signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** POST /api/bookings/assignment: who would take this service, city and time (wizard step 4). */
export function useAssignment(request: AssignmentPreviewRequest | null) {
  return useQuery({
    queryKey: ['bookings', 'assignment', request],
    queryFn: ({ signal }) => api.post<AssignmentPreviewResponse>(bookingApiPaths.assignment, request, { signal }),
    enabled: request !== null,
    // Availability changes as others book: ask again each time the step shows.
    staleTime: 0,
    gcTime: 30_000,
  });
}

/** GET /api/pros/:id: the professional being booked (a 404 is "Professional not found"). */
export function useProfessional(id: string | null | undefined) {
  return useQuery({
    queryKey: ['pros', 'profile', id],
    queryFn: ({ signal }) => api.get<ProProfile>(`/api/pros/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
    staleTime: 60_000,
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.isClientError),
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
