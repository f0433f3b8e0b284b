import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingEventData } from '@khedma/shared/realtime';
import { bookingKeys, noteOwnBookingAction } from '../../entities/booking/api';
import type { RealtimeClient } from '../../lib/realtime';
import { toast } from '../../lib/toast';
import { subscribe } from './realtime';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/** A realtime client that only keeps listeners, so the test can emit events. */
function fakeClient() {
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  const client = {
    on: (event: string, listener: (data: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  } as unknown as RealtimeClient;
  const emit = (event: string, data?: unknown) => listeners.get(event)?.forEach((listener) => listener(data));
  return { client, emit, count: () => [...listeners.values()].reduce((n, set) => n + set.size, 0) };
}

const i18n = { t: (key: string, options?: { date?: string }) => `${key} ${options?.date ?? ''}` } as never;

const updated = (over: Partial<BookingEventData> = {}) =>
  ({ bookingId: 'b1', action: 'accept', status: 'confirmed', localDate: '2026-12-01', ...over }) as BookingEventData;

afterEach(() => vi.clearAllMocks());

describe("the booking feature's realtime subscription", () => {
  it('re-fetches the bookings and toasts a status change made by someone else', () => {
    const { client, emit } = fakeClient();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    subscribe({ client, queryClient, i18n });
    emit('booking.updated', updated());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: bookingKeys.all });
    expect(toast.success).toHaveBeenCalledWith(expect.stringContaining('bookingStatusToast.confirmed'));
    emit('booking.updated', updated({ bookingId: 'b2', action: 'customer_cancel', status: 'cancelled' }));
    expect(toast.error).toHaveBeenCalledTimes(1);
  });

  it("stays quiet about this tab's own action, and stops listening when unsubscribed", () => {
    const { client, emit, count } = fakeClient();
    noteOwnBookingAction('b3', ['accept']);
    const unsubscribe = subscribe({ client, queryClient: new QueryClient(), i18n });
    emit('booking.updated', updated({ bookingId: 'b3' }));
    expect(toast.success).not.toHaveBeenCalled();
    expect(count()).toBeGreaterThan(0);
    unsubscribe();
    expect(count()).toBe(0);
  });
});
