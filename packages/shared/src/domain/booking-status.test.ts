import { describe, expect, it } from 'vitest';
import { assertTransition, BOOKING_TRANSITIONS, BookingTransitionError, bookingReference, canTransition, canTransitionPayment, completionAllowed, checkTransition, isFinalStatus, nextStatuses, paymentStatusAfterRefund, type BookingActor, BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES, type BookingStatus } from './booking-status';

const owner: BookingActor = { role: 'customer', isOwner: true };
const otherCustomer: BookingActor = { role: 'customer', isOwner: false };
const assigned: BookingActor = { role: 'professional', isAssigned: true };
const otherPro: BookingActor = { role: 'professional', isAssigned: false };
const admin: BookingActor = { role: 'admin' };
const system: BookingActor = { role: 'system' };
const everyone = { owner, otherCustomer, assigned, otherPro, admin, system };

/** Who may make each move: the table of docs/bookings.md and issue 5, checked exhaustively below. */
const EXPECTED: Record<string, Array<keyof typeof everyone>> = {
  'pending->confirmed': ['assigned', 'system'],
  'pending->cancelled': ['owner', 'assigned', 'admin', 'system'],
  'confirmed->completed': ['admin'],
  'confirmed->cancelled': ['owner', 'assigned', 'admin'],
  'confirmed->pending': ['owner'],
};

describe('booking status machine', () => {
  it('allows exactly the listed moves to exactly the listed actors', () => {
    for (const from of BOOKING_STATUSES) {
      for (const to of BOOKING_STATUSES) {
        const allowed = EXPECTED[`${from}->${to}`] ?? [];
        for (const [name, actor] of Object.entries(everyone)) {
          expect(canTransition(from, to, actor), `${name}: ${from} -> ${to}`).toBe(allowed.includes(name as keyof typeof everyone));
        }
      }
    }
  });

  it('answers INVALID_TRANSITION when no rule leads there, whoever asks', () => {
    const invalid: Array<[BookingStatus, BookingStatus]> = [
      ['pending', 'completed'], // skipping confirmation
      ['pending', 'pending'],
      ['confirmed', 'confirmed'],
      ['completed', 'cancelled'], // final
      ['completed', 'pending'],
      ['cancelled', 'confirmed'], // final
      ['cancelled', 'pending'],
    ];
    for (const [from, to] of invalid) {
      for (const actor of Object.values(everyone)) expect(checkTransition(from, to, actor)).toEqual({ ok: false, code: 'INVALID_TRANSITION' });
    }
  });

  it('answers FORBIDDEN when the move exists but not for this caller', () => {
    expect(checkTransition('pending', 'confirmed', owner)).toEqual({ ok: false, code: 'FORBIDDEN' });
    expect(checkTransition('pending', 'confirmed', otherPro)).toEqual({ ok: false, code: 'FORBIDDEN' });
    expect(checkTransition('pending', 'confirmed', admin)).toEqual({ ok: false, code: 'FORBIDDEN' });
    expect(checkTransition('pending', 'cancelled', otherCustomer)).toEqual({ ok: false, code: 'FORBIDDEN' });
    expect(checkTransition('confirmed', 'completed', assigned)).toEqual({ ok: false, code: 'FORBIDDEN' });
    expect(checkTransition('confirmed', 'cancelled', system)).toEqual({ ok: false, code: 'FORBIDDEN' });
  });

  it('names the action taken', () => {
    const action = (from: BookingStatus, to: BookingStatus, actor: BookingActor) => {
      const r = checkTransition(from, to, actor);
      return r.ok ? r.transition.action : r.code;
    };
    expect(action('pending', 'confirmed', assigned)).toBe('accept');
    expect(action('pending', 'cancelled', assigned)).toBe('decline');
    expect(action('pending', 'cancelled', owner)).toBe('customer_cancel');
    expect(action('pending', 'cancelled', system)).toBe('payment_failed');
    expect(action('pending', 'cancelled', admin)).toBe('refund');
    expect(action('confirmed', 'completed', admin)).toBe('complete');
    expect(action('confirmed', 'cancelled', owner)).toBe('customer_cancel');
    expect(action('confirmed', 'cancelled', assigned)).toBe('professional_cancel');
    expect(action('confirmed', 'cancelled', admin)).toBe('refund');
    expect(action('confirmed', 'pending', owner)).toBe('reschedule');
  });

  it('needs the relation flag to be exactly true', () => {
    expect(canTransition('pending', 'confirmed', { role: 'professional' })).toBe(false);
    expect(canTransition('pending', 'cancelled', { role: 'customer' })).toBe(false);
    // An admin is not "the owner" by flags alone; the role decides.
    expect(canTransition('pending', 'confirmed', { role: 'admin', isAssigned: true })).toBe(false);
  });

  it('makes completed and cancelled final', () => {
    expect(isFinalStatus('completed')).toBe(true);
    expect(isFinalStatus('cancelled')).toBe(true);
    expect(isFinalStatus('pending')).toBe(false);
    for (const t of BOOKING_TRANSITIONS) expect(isFinalStatus(t.from)).toBe(false);
  });

  it('assertTransition returns the move or throws a coded error', () => {
    expect(assertTransition('pending', 'confirmed', assigned)).toEqual({ action: 'accept', from: 'pending', to: 'confirmed' });
    expect(() => assertTransition('completed', 'cancelled', admin)).toThrow(BookingTransitionError);
    try {
      assertTransition('pending', 'confirmed', otherPro);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(BookingTransitionError);
      expect((e as BookingTransitionError).code).toBe('FORBIDDEN');
    }
  });

  it('lists the next statuses for each actor (buttons to show)', () => {
    expect(nextStatuses('pending', assigned)).toEqual(['confirmed', 'cancelled']);
    expect(nextStatuses('pending', owner)).toEqual(['cancelled']);
    expect(nextStatuses('confirmed', admin)).toEqual(['completed', 'cancelled']);
    expect(nextStatuses('confirmed', owner)).toEqual(['cancelled', 'pending']);
    expect(nextStatuses('completed', admin)).toEqual([]);
    expect(nextStatuses('pending', otherCustomer)).toEqual([]);
  });
});

describe('payment status', () => {
  it('moves pending -> paid|failed, failed -> paid (retry), paid -> (partially_)refunded', () => {
    const allowed = new Set(['pending>paid', 'pending>failed', 'failed>paid', 'paid>refunded', 'paid>partially_refunded', 'partially_refunded>refunded']);
    for (const from of BOOKING_PAYMENT_STATUSES) {
      for (const to of BOOKING_PAYMENT_STATUSES) expect(canTransitionPayment(from, to), `${from}>${to}`).toBe(allowed.has(`${from}>${to}`));
    }
  });

  it('derives the status after a refund', () => {
    expect(paymentStatusAfterRefund(230, 230)).toBe('refunded');
    expect(paymentStatusAfterRefund(230, 180)).toBe('partially_refunded');
    expect(paymentStatusAfterRefund(230, 0)).toBe('paid');
  });
});

describe('bookingReference', () => {
  it('is the first 8 characters of the id in upper case', () => {
    expect(bookingReference('3f2a9c1e-7b4d-4e2a-9c1e-7b4d4e2a9c1e')).toBe('3F2A9C1E');
    expect(bookingReference('abc')).toBe('ABC');
  });
});

describe('completionAllowed (issue 38: no completing what has not happened)', () => {
  const start = new Date('2026-12-04T09:00:00Z');
  it('refuses before the scheduled start and allows from it', () => {
    expect(completionAllowed(new Date('2026-11-28T10:00:00Z'), start)).toBe(false);
    expect(completionAllowed(new Date(start.getTime() - 1), start)).toBe(false);
    expect(completionAllowed(start, start)).toBe(true);
    expect(completionAllowed(new Date('2026-12-04T11:00:00Z'), start)).toBe(true);
  });
});
