import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { hourlyQuote, quote } from '../domain/pricing';
import {
  assignmentPreviewRequestSchema,
  assignmentPreviewResponseSchema,
  bookingListQuerySchema,
  bookingSchema,
  cancellationPreviewResponseSchema,
  cancelBookingRequestSchema,
  createBookingRequestSchema,
  createHourlyBookingRequestSchema,
  hourlyQuoteRequestSchema,
  payBookingRequestSchema,
  quoteRequestSchema,
  quoteResponseSchema,
  refundBookingRequestSchema,
  rescheduleBookingRequestSchema,
} from './booking';

const SERVICE = '3f2a9c1e-7b4d-4e2a-9c1e-7b4d4e2a9c1e';
const CITY = '0b6c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';
const PRO = '9d8c7b6a-5f4e-4d3c-9b2a-1f0e9d8c7b6a';
const ADDON = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

/** The messages zod reports, as "path: message". */
function problems(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const wizard = {
  serviceTypeId: SERVICE,
  cityId: CITY,
  date: '2026-06-11',
  startTime: '10:00',
  endTime: '12:00',
  location: '12 Rue Ibnou Sina',
};

describe('createBookingRequestSchema (wizard)', () => {
  it('accepts a wizard choice and fills defaults', () => {
    expect(createBookingRequestSchema.parse(wizard)).toEqual({ ...wizard, addOnIds: [] });
  });

  it('never carries a price: price fields are stripped', () => {
    const parsed = createBookingRequestSchema.parse({ ...wizard, totalAmount: 1, price: 1, servicePrice: 1, serviceFee: 0 });
    expect(Object.keys(parsed).sort()).toEqual(['addOnIds', 'cityId', 'date', 'endTime', 'location', 'serviceTypeId', 'startTime']);
  });

  it('uses the SPEC §5 messages for missing date and times', () => {
    expect(problems(createBookingRequestSchema, { serviceTypeId: SERVICE, cityId: CITY })).toEqual([
      'date: Please select a date',
      'startTime: Please select a start time',
      'endTime: Please select an end time',
      'location: Please enter the address',
    ]);
    expect(problems(createBookingRequestSchema, { ...wizard, date: '', startTime: '', endTime: '' })).toEqual([
      'date: Please select a date',
      'startTime: Please select a start time',
      'endTime: Please select an end time',
    ]);
  });

  it('checks duration: end after start, 30 minutes to 8 hours', () => {
    expect(problems(createBookingRequestSchema, { ...wizard, endTime: '10:00' })).toEqual(['endTime: End time must be after the start time']);
    expect(problems(createBookingRequestSchema, { ...wizard, endTime: '10:20' })).toEqual(['endTime: Minimum booking duration is 30 minutes']);
    expect(problems(createBookingRequestSchema, { ...wizard, endTime: '18:30' })).toEqual(['endTime: Maximum booking duration is 8 hours']);
    expect(problems(createBookingRequestSchema, { ...wizard, endTime: '10:30' })).toEqual([]);
    expect(problems(createBookingRequestSchema, { ...wizard, endTime: '18:00' })).toEqual([]);
  });

  it('only accepts the 08:00-18:30 half-hour grid and real dates', () => {
    expect(problems(createBookingRequestSchema, { ...wizard, startTime: '07:30', endTime: '09:00' })).toEqual([
      'startTime: Please select a start time',
    ]);
    expect(problems(createBookingRequestSchema, { ...wizard, startTime: '10:15' })).toHaveLength(1);
    expect(problems(createBookingRequestSchema, { ...wizard, date: '2026-02-30' })).toEqual(['date: Please select a date']);
    expect(problems(createBookingRequestSchema, { ...wizard, date: '11/06/2026' })).toEqual(['date: Please select a date']);
  });

  it('refuses unknown ids and duplicate add-ons', () => {
    expect(problems(createBookingRequestSchema, { ...wizard, serviceTypeId: 'plumbing' })).toEqual(['serviceTypeId: Service not found']);
    expect(problems(createBookingRequestSchema, { ...wizard, addOnIds: [ADDON, ADDON] })).toEqual([
      'addOnIds: Please choose each add-on at most once',
    ]);
    expect(createBookingRequestSchema.parse({ ...wizard, addOnIds: [ADDON], professionalId: PRO, boroughId: null })).toMatchObject({
      addOnIds: [ADDON],
      professionalId: PRO,
      boroughId: null,
    });
  });

  it('trims description and location, drops blanks, refuses over-long text; the street address is required (issue 42)', () => {
    const parsed = createBookingRequestSchema.parse({ ...wizard, description: '  Leaking sink  ', location: '  12 Rue Ibnou Sina ' });
    expect(parsed.description).toBe('Leaking sink');
    expect(parsed.location).toBe('12 Rue Ibnou Sina');
    expect(createBookingRequestSchema.parse({ ...wizard, description: '   ' }).description).toBeUndefined();
    expect(problems(createBookingRequestSchema, { ...wizard, location: '   ' })).toEqual(['location: Please enter the address']);
    expect(createBookingRequestSchema.parse({ ...wizard, description: 'x'.repeat(1000) }).description).toHaveLength(1000);
    expect(problems(createBookingRequestSchema, { ...wizard, description: 'x'.repeat(1001) })).toEqual([
      'description: Description must be at most 1000 characters',
    ]);
    expect(problems(createBookingRequestSchema, { ...wizard, location: 'x'.repeat(301) })).toEqual([
      'location: Address must be at most 300 characters',
    ]);
    // Trimming happens before the length check.
    expect(problems(createBookingRequestSchema, { ...wizard, description: ` ${'x'.repeat(1000)} ` })).toEqual([]);
  });
});

describe('createHourlyBookingRequestSchema (/booking page)', () => {
  const hourly = {
    professionalId: PRO,
    date: '2026-06-10',
    time: '14:00',
    location: '12 Rue Example, Maarif',
    contactPhone: '+212 612 345 678',
  };

  it('accepts the form, defaults the duration to 2 h and normalises the phone', () => {
    expect(createHourlyBookingRequestSchema.parse(hourly)).toEqual({ ...hourly, durationHours: 2, contactPhone: '+212612345678' });
  });

  it('requires an address and a Moroccan phone', () => {
    expect(problems(createHourlyBookingRequestSchema, { ...hourly, location: '  ', contactPhone: '+33 6 12 34 56 78' })).toEqual([
      'location: Please enter the address',
      'contactPhone: Invalid phone number - Please enter a valid Moroccan phone number (9 digits after +212)',
    ]);
    expect(problems(createHourlyBookingRequestSchema, { ...hourly, location: undefined, contactPhone: undefined })).toHaveLength(2);
  });

  it('only takes the duration choices and the page slots', () => {
    for (const durationHours of [1, 2, 3, 4, 6, 8]) expect(problems(createHourlyBookingRequestSchema, { ...hourly, durationHours })).toEqual([]);
    for (const durationHours of [0, 5, 7, 2.5, '2']) {
      expect(problems(createHourlyBookingRequestSchema, { ...hourly, durationHours })).toEqual(['durationHours: Please select a duration']);
    }
    expect(problems(createHourlyBookingRequestSchema, { ...hourly, time: '13:00' })).toEqual(['time: Please select a start time']);
  });

  it('carries no price', () => {
    expect(createHourlyBookingRequestSchema.parse({ ...hourly, hourlyRate: 1, total: 1 })).not.toHaveProperty('hourlyRate');
  });
});

describe('quote schemas', () => {
  it('takes the city by id or by slug', () => {
    expect(quoteRequestSchema.parse({ serviceTypeId: SERVICE, cityId: CITY })).toEqual({ serviceTypeId: SERVICE, cityId: CITY, addOnIds: [] });
    expect(quoteRequestSchema.parse({ serviceTypeId: SERVICE, citySlug: 'casablanca' }).citySlug).toBe('casablanca');
    expect(problems(quoteRequestSchema, { serviceTypeId: SERVICE })).toEqual(['cityId: Please select a city']);
  });

  it('describes what the pricing functions return', () => {
    const q = quote({ servicePrice: 200, addOns: [{ id: ADDON, name: 'Extra', price: 50 }] });
    expect(quoteResponseSchema.parse({ ...q, currency: 'MAD' })).not.toHaveProperty('commission');
    const h = hourlyQuote({ hourlyRate: 150, hours: 1.5 });
    expect(quoteResponseSchema.safeParse({ ...h, currency: 'MAD' }).success).toBe(true);
    expect(hourlyQuoteRequestSchema.parse({ professionalId: PRO })).toEqual({ professionalId: PRO, durationHours: 2 });
  });
});

describe('assignment preview', () => {
  it('validates the request like the wizard', () => {
    expect(assignmentPreviewRequestSchema.safeParse(wizard).success).toBe(true);
    expect(problems(assignmentPreviewRequestSchema, { ...wizard, endTime: '09:00' })).toEqual(['endTime: End time must be after the start time']);
  });

  it('answers a professional or alternatives', () => {
    expect(
      assignmentPreviewResponseSchema.safeParse({
        available: true,
        professional: { id: PRO, firstName: 'Youssef', rating: null, reviewsCount: 0, jobsDone: 0 },
      }).success,
    ).toBe(true);
    expect(
      assignmentPreviewResponseSchema.safeParse({
        available: false,
        code: 'NO_PROFESSIONAL_AVAILABLE',
        message: 'No professional is available',
        alternatives: [{ date: '2026-06-11', startTime: '14:00', endTime: '16:00' }],
      }).success,
    ).toBe(true);
    expect(assignmentPreviewResponseSchema.safeParse({ available: true }).success).toBe(false);
  });
});

describe('bookingSchema', () => {
  const booking = {
    id: '3f2a9c1e-7b4d-4e2a-9c1e-7b4d4e2a9c1e',
    reference: '3F2A9C1E',
    kind: 'service',
    status: 'pending',
    paymentStatus: 'pending',
    title: 'Plumbing repair',
    description: 'Plumbing repair service booking',
    service: { id: SERVICE, name: { en: 'Plumbing repair', fr: 'Réparation', ar: 'إصلاح' } },
    scheduledStart: '2026-06-11T09:00:00.000Z',
    scheduledEnd: '2026-06-11T11:00:00.000Z',
    local: { date: '2026-06-11', startTime: '10:00', endTime: '12:00' },
    durationMinutes: 120,
    location: '12 Rue Ibnou Sina',
    address: { landmark: 'Facing the pharmacy', floor: '2', door: null, pin: null, links: null },
    city: { id: CITY, name: { en: 'Casablanca', fr: 'Casablanca', ar: 'الدار البيضاء' } },
    amounts: { servicePrice: 200, addOnsTotal: 0, subtotal: 200, serviceFee: 30, total: 230, cancellationFee: null, currency: 'MAD' },
    lines: quote({ servicePrice: 200 }).lines,
    addOns: [],
    professional: { id: PRO, firstName: 'Youssef', rating: 4.8, reviewsCount: 12 },
    customer: null,
    contactPhone: null,
    specialRequests: null,
    completedAt: null,
    createdAt: '2026-06-10T09:00:00.000Z',
    updatedAt: '2026-06-10T09:00:00.000Z',
    viewerRole: 'customer',
    canCancel: true,
    cancellationFeePreview: 0,
    canReschedule: true,
    canAccept: false,
    canDecline: false,
    holdExpiresAt: null,
    canPay: false,
    rebook: null,
    series: null,
    canRepeat: true,
  };

  it('accepts a full booking', () => {
    expect(bookingSchema.parse(booking)).toEqual(booking);
  });

  it('refuses a wrong status, a short reference or a non-ISO time', () => {
    expect(bookingSchema.safeParse({ ...booking, status: 'accepted' }).success).toBe(false);
    expect(bookingSchema.safeParse({ ...booking, reference: '3F2A' }).success).toBe(false);
    expect(bookingSchema.safeParse({ ...booking, scheduledStart: '2026-06-11 10:00' }).success).toBe(false);
    expect(bookingSchema.safeParse({ ...booking, amounts: { ...booking.amounts, total: 230.5 } }).success).toBe(false);
  });

  it('parses list queries from the URL', () => {
    expect(bookingListQuerySchema.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(bookingListQuerySchema.parse({ status: 'confirmed', limit: '10' })).toEqual({ status: 'confirmed', limit: 10, offset: 0 });
    expect(bookingListQuerySchema.safeParse({ limit: '1000' }).success).toBe(false);
  });
});

describe('pay, cancel, reschedule, refund', () => {
  it('pay takes one of the three methods', () => {
    for (const method of ['card', 'bank', 'mobile']) expect(payBookingRequestSchema.parse({ method })).toEqual({ method });
    expect(problems(payBookingRequestSchema, { method: 'cash' })).toEqual(['method: Please choose a payment method']);
    expect(problems(payBookingRequestSchema, {})).toEqual(['method: Please choose a payment method']);
  });

  it('cancel takes an optional reason', () => {
    expect(cancelBookingRequestSchema.parse({})).toEqual({});
    expect(cancelBookingRequestSchema.parse({ reason: ' Plans changed ' })).toEqual({ reason: 'Plans changed' });
    expect(cancelBookingRequestSchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
    expect(
      cancellationPreviewResponseSchema.safeParse({ allowed: true, fee: 63, refund: 225, feeRate: 0.25, reason: 'LATE_CANCELLATION', actor: 'customer', currency: 'MAD' })
        .success,
    ).toBe(true);
  });

  it('reschedule checks the new times like the wizard', () => {
    expect(rescheduleBookingRequestSchema.parse({ date: '2026-06-12', startTime: '09:00', endTime: '10:00' })).toEqual({
      date: '2026-06-12',
      startTime: '09:00',
      endTime: '10:00',
    });
    expect(problems(rescheduleBookingRequestSchema, { date: '2026-06-12', startTime: '09:00', endTime: '17:30' })).toEqual([
      'endTime: Maximum booking duration is 8 hours',
    ]);
  });

  it('refund requires a reason with the SPEC message', () => {
    expect(problems(refundBookingRequestSchema, { reason: '   ' })).toEqual(['reason: Please provide a reason for the refund']);
    expect(problems(refundBookingRequestSchema, {})).toEqual(['reason: Please provide a reason for the refund']);
    expect(refundBookingRequestSchema.parse({ reason: ' No-show ' })).toEqual({ reason: 'No-show' });
  });
});
