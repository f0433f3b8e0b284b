/**
 * The admin capability over HTTP (TanStack Query): the bookings page (list, candidates, reassign,
 * refund, complete), the application review (list, reveal, document URL, approve, reject), the
 * overview, the sensitive-access log and the contact messages. The server masks and checks every call.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccessLogEntry,
  AdminApplicationListResponse,
  AdminBookingActionResponse,
  AdminBookingListResponse,
  AdminOverview,
  ApplicationDocumentKind,
  ApproveApplicationResponse,
  BookingStatus,
  ContactMessageEntry,
  FailedJobEntry,
  ReassignCandidate,
  RevealableField,
} from '@khedma/shared';
import { api, isApiError } from '../../lib/api';
import { useSingleFlightMutation } from '../../lib/single-flight';
import { bookingKeys } from '../../entities/booking/api';

/** API paths of the admin module (bookings, applications, overview, logs, failed jobs). */
export const adminApiPaths = {
  bookings: '/api/admin/bookings',
  candidates: (id: string | null) => `/api/admin/bookings/${id}/candidates`,
  reassign: (id: string) => `/api/admin/bookings/${id}/reassign`,
  refund: (id: string) => `/api/admin/bookings/${id}/refund`,
  complete: (id: string) => `/api/admin/bookings/${id}/complete`,
  applications: '/api/admin/applications',
  reveal: (id: string) => `/api/admin/applications/${id}/reveal`,
  document: (id: string, kind: ApplicationDocumentKind) => `/api/admin/applications/${id}/documents/${kind}`,
  approve: (id: string) => `/api/admin/applications/${id}/approve`,
  reject: (id: string) => `/api/admin/applications/${id}/reject`,
  overview: '/api/admin/overview',
  accessLog: '/api/admin/access-log',
  contactMessages: '/api/admin/contact-messages',
  failedJobs: '/api/admin/failed-jobs',
  retryJob: (id: string) => `/api/admin/failed-jobs/${id}/retry`,
} as const;

export const adminKeys = {
  all: ['admin'] as const,
  bookings: (filters: AdminBookingFilters, page: number) => ['admin', 'bookings', filters, page] as const,
  candidates: (id: string) => ['admin', 'candidates', id] as const,
  applications: ['admin', 'applications'] as const,
  overview: ['admin', 'overview'] as const,
  accessLog: (page: number) => ['admin', 'access-log', page] as const,
  contact: (page: number) => ['admin', 'contact', page] as const,
  failedJobs: (page: number) => ['admin', 'failed-jobs', page] as const,
};

export interface AdminBookingFilters {
  search: string;
  status: BookingStatus | '';
  cityId: string;
  from: string;
  to: string;
}

export const EMPTY_FILTERS: AdminBookingFilters = { search: '', status: '', cityId: '', from: '', to: '' };
export const ADMIN_PAGE_SIZE = 10;

/** Access errors are never retried: the page says so at once. */
const retry = (count: number, error: unknown) => !(isApiError(error) && error.isClientError) && count < 2;

export function useAdminBookings(filters: AdminBookingFilters, page: number) {
  return useQuery({
    queryKey: adminKeys.bookings(filters, page),
    queryFn: ({ signal }) =>
      api.get<AdminBookingListResponse>(adminApiPaths.bookings, {
        signal,
        query: {
          search: filters.search.trim() || undefined,
          status: filters.status || undefined,
          cityId: filters.cityId || undefined,
          from: filters.from || undefined,
          to: filters.to || undefined,
          page,
          pageSize: ADMIN_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
    retry,
  });
}

export function useReassignCandidates(id: string | null) {
  return useQuery({
    queryKey: adminKeys.candidates(id ?? ''),
    queryFn: ({ signal }) => api.get<{ candidates: ReassignCandidate[] }>(adminApiPaths.candidates(id), { signal }),
    enabled: Boolean(id),
    retry,
  });
}

/** An admin action on a booking, sent once per booking however often it is clicked (lib/single-flight.ts). */
function useBookingAction<V extends { id: string }>(path: (v: V) => string, body: (v: V) => unknown) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation(
    {
      mutationFn: (v: V) => api.post<AdminBookingActionResponse>(path(v), body(v)),
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: adminKeys.all });
        void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      },
    },
    (v) => `booking:${v.id}`,
  );
}

export const useReassign = () =>
  useBookingAction<{ id: string; professionalId: string; expectedStatus: 'pending' | 'confirmed' }>(
    (v) => adminApiPaths.reassign(v.id),
    (v) => ({ professionalId: v.professionalId, expectedStatus: v.expectedStatus }),
  );
export const useRefund = () => useBookingAction<{ id: string; reason: string }>((v) => adminApiPaths.refund(v.id), (v) => ({ reason: v.reason }));
export const useComplete = () =>
  useBookingAction<{ id: string; notes: string }>((v) => adminApiPaths.complete(v.id), (v) => (v.notes.trim() ? { notes: v.notes } : {}));

export function useApplications(enabled = true) {
  return useQuery({
    enabled,
    queryKey: adminKeys.applications,
    queryFn: ({ signal }) => api.get<AdminApplicationListResponse>(adminApiPaths.applications, { signal }),
    retry,
    // Each listing is logged: no refetch on focus.
    refetchOnWindowFocus: false,
  });
}

export const revealField = (id: string, field: RevealableField) =>
  api.post<{ field: RevealableField; value: string | null }>(adminApiPaths.reveal(id), { field });

export const documentUrl = (id: string, kind: ApplicationDocumentKind) =>
  api.post<{ url: string; expiresAt: string }>(adminApiPaths.document(id, kind));

export function useApprove() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation(
    {
      mutationFn: (id: string) => api.post<ApproveApplicationResponse>(adminApiPaths.approve(id)),
      onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    },
    (id) => `application:${id}`,
  );
}

export function useReject() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation(
    {
      mutationFn: (v: { id: string; reason: string }) => api.post<{ status: 'rejected'; emailSent: boolean }>(adminApiPaths.reject(v.id), { reason: v.reason }),
      onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    },
    (v) => `application:${v.id}`,
  );
}

export function useAdminOverview() {
  return useQuery({ queryKey: adminKeys.overview, queryFn: ({ signal }) => api.get<AdminOverview>(adminApiPaths.overview, { signal }), retry });
}

interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export function useAccessLog(page: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.accessLog(page),
    queryFn: ({ signal }) => api.get<Paged<AccessLogEntry>>(adminApiPaths.accessLog, { signal, query: { page, pageSize: ADMIN_PAGE_SIZE } }),
    enabled,
    placeholderData: keepPreviousData,
    retry,
  });
}

export function useContactMessages(page: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.contact(page),
    queryFn: ({ signal }) => api.get<Paged<ContactMessageEntry>>(adminApiPaths.contactMessages, { signal, query: { page, pageSize: ADMIN_PAGE_SIZE } }),
    enabled,
    placeholderData: keepPreviousData,
    retry,
  });
}

/** Deliveries that failed for good (super_admin: jobs:manage). */
export function useFailedJobs(page: number) {
  return useQuery({
    queryKey: adminKeys.failedJobs(page),
    queryFn: ({ signal }) => api.get<Paged<FailedJobEntry>>(adminApiPaths.failedJobs, { signal, query: { page, pageSize: ADMIN_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    retry,
  });
}

/** Runs a failed delivery again now; the answer says whether it went out this time. */
export function useRetryFailedJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ id: string; status: 'done' | 'pending' | 'failed' }>(adminApiPaths.retryJob(id), {}),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'failed-jobs'] }),
  });
}
