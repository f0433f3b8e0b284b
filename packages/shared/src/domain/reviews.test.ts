import { describe, expect, it } from 'vitest';
import { aggregateRatings, isFlagged, ratingBadge, reviewRefusal } from './reviews';

describe('reviews rules', () => {
  it('badge colours: green at 4 or more, yellow at 3 or more, red below (SPEC §9)', () => {
    expect([5, 4, 3.99, 3, 2.99, 1].map(ratingBadge)).toEqual(['good', 'good', 'fair', 'fair', 'poor', 'poor']);
  });

  it('flag: under 3 after at least 5 reviews', () => {
    expect(isFlagged(2.99, 5)).toBe(true);
    expect(isFlagged(2.99, 4)).toBe(false);
    expect(isFlagged(3, 10)).toBe(false);
  });

  it('aggregate from scratch, rounded half up to 2 decimals as numeric(3, 2)', () => {
    expect(aggregateRatings([])).toEqual({ totalReviews: 0, ratingSum: 0, averageRating: 0, breakdown: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } });
    expect(aggregateRatings([5, 4, 4])).toMatchObject({ totalReviews: 3, ratingSum: 13, averageRating: 4.33, breakdown: { 5: 1, 4: 2 } });
    // 2.335 exactly would be 2.34; 7/3 = 2.333.. -> 2.33; 5/8 of 5 stars...
    expect(aggregateRatings([1, 2, 2]).averageRating).toBe(1.67);
    expect(aggregateRatings([5, 4, 4, 4, 4, 4, 4, 4]).averageRating).toBe(4.13); // 33 / 8 = 4.125 -> 4.13
    expect(() => aggregateRatings([0])).toThrow(RangeError);
    expect(() => aggregateRatings([4.5])).toThrow(RangeError);
  });

  it('who may review: only the customer, once, when completed', () => {
    const b = { customerId: 'u1', status: 'completed' };
    expect(reviewRefusal(b, 'u1', false)).toBeNull();
    expect(reviewRefusal(b, 'u2', false)).toBe('NOT_FOUND');
    expect(reviewRefusal(null, 'u1', false)).toBe('NOT_FOUND');
    expect(reviewRefusal({ ...b, status: 'confirmed' }, 'u1', false)).toBe('NOT_COMPLETED');
    expect(reviewRefusal(b, 'u1', true)).toBe('ALREADY_REVIEWED');
  });
});
