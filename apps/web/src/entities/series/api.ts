/**
 * Recurring series as several features show them (docs/recurring.md): the query keys, the list of my
 * series, and the professional's decline. The recurring feature builds its pages on these; the bookings
 * list shows a professional's planned visits with them.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SeriesDto } from '@khedma/shared/schemas/recurring';
import { api } from '../../lib/api';
import { useSingleFlightMutation } from '../../lib/single-flight';

/** API paths of the recurring module's series that several features use. */
export const seriesApiPaths = {
  list: '/api/recurring/series',
  decline: (id: string) => `/api/recurring/series/${encodeURIComponent(id)}/decline`,
} as const;

export const recurringKeys = {
  all: ['recurring'] as const,
  list: () => ['recurring', 'list'] as const,
  series: (id: string) => ['recurring', 'series', id] as const,
};

/** My series: as their customer, or as their professional. */
export function useSeriesList(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: recurringKeys.list(), queryFn: ({ signal }) => api.get<SeriesDto[]>(seriesApiPaths.list, { signal }), enabled: options.enabled ?? true });
}

/** The professional declines a series before its first visit (the server checks who and when); sent once however often it is pressed. */
export function useDeclineSeries() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation(
    {
      mutationFn: (id: string) => api.post<SeriesDto>(seriesApiPaths.decline(id)),
      onSuccess: (series) => {
        queryClient.setQueryData(recurringKeys.series(series.id), series);
        void queryClient.invalidateQueries({ queryKey: recurringKeys.list() });
        void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      },
    },
    (id) => `series-decline:${id}`,
  );
}
