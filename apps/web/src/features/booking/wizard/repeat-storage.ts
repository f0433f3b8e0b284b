/**
 * The wizard's "Repeat" choice (docs/recurring.md "From the wizard"), kept in this tab's sessionStorage
 * from the booking's creation until it is paid: the card payment leaves the app for the provider's page
 * and comes back to /bookings/{id}/pay, where the series is then created (POST /api/recurring/series,
 * with the key kept here, so that a reload or a second tab cannot make two).
 */
import type { CreateSeriesRequest } from '@khedma/shared/schemas/recurring';

export interface PendingRepeat {
  body: CreateSeriesRequest;
  key: string;
}

const storageKey = (bookingId: string) => `khedma.repeat.${bookingId}`;

export function savePendingRepeat(bookingId: string, pending: PendingRepeat): void {
  try {
    sessionStorage.setItem(storageKey(bookingId), JSON.stringify(pending));
  } catch {
    // Storage refused (private mode, full): the payment-confirmed screen still offers "Book again every …".
  }
}

export function readPendingRepeat(bookingId: string): PendingRepeat | null {
  try {
    const raw = sessionStorage.getItem(storageKey(bookingId));
    const value = raw ? (JSON.parse(raw) as PendingRepeat) : null;
    return value && value.body?.bookingId === bookingId && typeof value.key === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function clearPendingRepeat(bookingId: string): void {
  try {
    sessionStorage.removeItem(storageKey(bookingId));
  } catch {
    // nothing kept
  }
}
