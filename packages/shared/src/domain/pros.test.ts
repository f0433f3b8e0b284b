import { describe, expect, it } from 'vitest';
import { cappedSearchTotal, PRO_SEARCH_COUNT_CAP } from './pros';

// The result count of a search that counts its matches only up to the cap and one more (issue 40).
describe('cappedSearchTotal', () => {
  it('is exact up to the cap', () => {
    expect(cappedSearchTotal(0)).toEqual({ total: 0, totalExact: true });
    expect(cappedSearchTotal(13)).toEqual({ total: 13, totalExact: true });
    expect(cappedSearchTotal(PRO_SEARCH_COUNT_CAP)).toEqual({ total: PRO_SEARCH_COUNT_CAP, totalExact: true });
  });

  it('says "more than the cap" from the cap and one more', () => {
    expect(cappedSearchTotal(PRO_SEARCH_COUNT_CAP + 1)).toEqual({ total: PRO_SEARCH_COUNT_CAP, totalExact: false });
    // A count that read more rows than it needed (a union of parts) says the same.
    expect(cappedSearchTotal(PRO_SEARCH_COUNT_CAP * 3)).toEqual({ total: PRO_SEARCH_COUNT_CAP, totalExact: false });
  });

  it('takes another cap', () => {
    expect(cappedSearchTotal(5, 5)).toEqual({ total: 5, totalExact: true });
    expect(cappedSearchTotal(6, 5)).toEqual({ total: 5, totalExact: false });
  });

});
