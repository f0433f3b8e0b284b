import { describe, expect, it } from 'vitest';
import { compareCandidates, pickProfessional, publicFirstName, rankCandidates, ratingTier, type AssignmentCandidate } from './assignment';

const c = (professionalId: string, rating: number | null, reviewCount: number, jobsLast30Days: number): AssignmentCandidate => ({
  professionalId,
  rating,
  reviewCount,
  jobsLast30Days,
});
const ids = (list: AssignmentCandidate[]) => rankCandidates(list).map((x) => x.professionalId);

describe('rankCandidates', () => {
  it('puts the higher rating first', () => {
    expect(ids([c('a', 4.2, 10, 0), c('b', 4.9, 10, 5)])).toEqual(['b', 'a']);
  });

  it('breaks a rating tie by fewest jobs in the last 30 days', () => {
    expect(ids([c('a', 4.5, 10, 7), c('b', 4.5, 10, 2), c('c', 4.5, 10, 4)])).toEqual(['b', 'c', 'a']);
  });

  it('then by more reviews, then by id, whatever the input order', () => {
    expect(ids([c('a', 4.5, 3, 2), c('b', 4.5, 30, 2)])).toEqual(['b', 'a']);
    const tied = [c('m', 4.5, 10, 2), c('k', 4.5, 10, 2), c('z', 4.5, 10, 2)];
    expect(ids(tied)).toEqual(['k', 'm', 'z']);
    expect(ids([...tied].reverse())).toEqual(['k', 'm', 'z']);
  });

  it('places unrated professionals after the well rated (>= 4.0) and before the poorly rated', () => {
    const list = [c('low', 3.2, 20, 0), c('new', null, 0, 0), c('good', 4.0, 2, 9), c('great', 4.8, 50, 9)];
    expect(ids(list)).toEqual(['great', 'good', 'new', 'low']);
  });

  it('orders newcomers among themselves by fewest jobs', () => {
    expect(ids([c('n1', null, 0, 3), c('n2', null, 0, 1)])).toEqual(['n2', 'n1']);
  });

  it('treats a rating without reviews as unrated', () => {
    expect(ratingTier({ rating: 5, reviewCount: 0 })).toBe(1);
    expect(ratingTier({ rating: null, reviewCount: 0 })).toBe(1);
    expect(ratingTier({ rating: Number.NaN, reviewCount: 3 })).toBe(1);
    expect(ratingTier({ rating: 4, reviewCount: 1 })).toBe(0);
    expect(ratingTier({ rating: 3.99, reviewCount: 1 })).toBe(2);
  });

  it('compares averages to the hundredth (float noise is a tie)', () => {
    const a = c('a', 14 / 3, 3, 5); // 4.666...
    const b = c('b', 4.67, 3, 1);
    expect(ids([a, b])).toEqual(['b', 'a']); // same shown rating: fewer jobs wins
  });

  it('does not change its input', () => {
    const list = [c('b', 3, 1, 0), c('a', 5, 1, 0)];
    rankCandidates(list);
    expect(list.map((x) => x.professionalId)).toEqual(['b', 'a']);
  });

  it('keeps extra fields of the candidates', () => {
    const ranked = rankCandidates([{ ...c('a', 5, 1, 0), firstName: 'Youssef' }]);
    expect(ranked[0]!.firstName).toBe('Youssef');
  });

  it('compareCandidates is a consistent total order', () => {
    const list = [c('a', 4.5, 1, 1), c('b', null, 0, 0), c('c', 2, 9, 0), c('d', 4.5, 1, 1)];
    for (const x of list) {
      expect(compareCandidates(x, x)).toBe(0);
      for (const y of list) expect(Math.sign(compareCandidates(x, y)) + Math.sign(compareCandidates(y, x))).toBe(0);
    }
  });
});

describe('pickProfessional', () => {
  it('returns the best candidate, or null when nobody is free', () => {
    expect(pickProfessional([c('a', 4.1, 1, 0), c('b', 4.6, 1, 0)])?.professionalId).toBe('b');
    expect(pickProfessional([])).toBeNull();
  });
});

describe('publicFirstName', () => {
  it('keeps only the first word', () => {
    expect(publicFirstName('  Youssef  El Amrani ')).toBe('Youssef');
    expect(publicFirstName('Amina')).toBe('Amina');
    expect(publicFirstName('')).toBe('');
  });
});
