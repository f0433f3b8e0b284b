/** Recurring bookings' reads and writes (docs/recurring.md). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayBookingResponse } from '@khedma/shared';
import type { CreateSeriesRequest, SeriesDto } from '@khedma/shared/schemas/recurring';
import { api } from '../../lib/api';
import { bookingApiPaths } from '../../entities/booking/api';
import { recurringKeys } from '../../entities/series/api';
import { useSingleFlightMutation } from '../../lib/single-flight';

export { recurringKeys, useSeriesList } from '../../entities/series/api';

/** API paths of one series (the recurring module); the list and declining are the series entity's. */
export const recurringApiPaths = {
  create: '/api/recurring/series',
  series: (id: string) => `/api/recurring/series/${encodeURIComponent(id)}`,
  action: (id: string, action: 'pause' | 'resume' | 'cancel' | 'decline' | 'time') => `/api/recurring/series/${encodeURIComponent(id)}/${action}`,
  occurrence: (id: string, seq: number, action: 'skip' | 'move' | 'rebook') => `/api/recurring/series/${encodeURIComponent(id)}/occurrences/${seq}/${action}`,
} as const;

export function useSeries(id: string) {
  return useQuery({
    queryKey: recurringKeys.series(id),
    queryFn: ({ signal }) => api.get<SeriesDto>(recurringApiPaths.series(id), { signal }),
    enabled: Boolean(id),
    retry: (count, error) => count < 2 && !(error as { status?: number }).status,
  });
}

export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    // One key per attempt (the form's): a retry of the same attempt answers the same series.
    mutationFn: ({ body, key }: { body: CreateSeriesRequest; key: string }) => api.post<SeriesDto>(recurringApiPaths.create, body, { headers: { 'idempotency-key': key } }),
    onSuccess: (series) => {
      queryClient.setQueryData(recurringKeys.series(series.id), series);
      void queryClient.invalidateQueries({ queryKey: recurringKeys.list() });
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}

export type SeriesAction =
  | { kind: 'pause' | 'resume' | 'cancel' | 'decline' }
  | { kind: 'skip'; seq: number }
  | { kind: 'time'; startTime: string }
  | { kind: 'move'; seq: number; date: string; startTime: string };

/** A change of the series, sent once however often it is pressed (one request per series at a time). */
export function useSeriesAction(id: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation(
    {
      mutationFn: (a: SeriesAction) => {
        if (a.kind === 'skip') return api.post<SeriesDto>(recurringApiPaths.occurrence(id, a.seq, 'skip'));
        if (a.kind === 'time') return api.patch<SeriesDto>(recurringApiPaths.action(id, 'time'), { startTime: a.startTime });
        if (a.kind === 'move') return api.post<SeriesDto>(recurringApiPaths.occurrence(id, a.seq, 'move'), { date: a.date, startTime: a.startTime });
        return api.post<SeriesDto>(recurringApiPaths.action(id, a.kind));
      },
      onSuccess: (series) => {
        queryClient.setQueryData(recurringKeys.series(id), series);
        void queryClient.invalidateQueries({ queryKey: recurringKeys.list() });
        void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      },
    },
    () => `series:${id}`,
  );
}

export function useRebook(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seq: number) => api.post<{ bookingId: string; series: SeriesDto }>(recurringApiPaths.occurrence(id, seq, 'rebook')),
    onSuccess: (res) => {
      queryClient.setQueryData(recurringKeys.series(id), res.series);
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}

/** Pays a visit: the hosted payment page, as the booking's own payment screen does. */
export function usePayVisit() {
  return useMutation({
    mutationFn: (bookingId: string) => api.post<PayBookingResponse>(bookingApiPaths.pay(bookingId), { method: 'card' }),
  });
}
