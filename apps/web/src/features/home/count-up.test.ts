import { describe, expect, it } from 'vitest';
import { COUNT_UP_MS, countUpValue, easeOutCubic } from './count-up';

describe('count-up', () => {
  it('lasts 2000 ms (SPEC §9)', () => {
    expect(COUNT_UP_MS).toBe(2000);
  });

  it('starts at 0 and lands exactly on the target', () => {
    expect(countUpValue(0, 2000, 5000)).toBe(0);
    expect(countUpValue(2000, 2000, 5000)).toBe(5000);
    expect(countUpValue(9999, 2000, 4.8, 1)).toBe(4.8);
  });

  it('rises monotonically and eases out', () => {
    const samples = [0, 250, 500, 1000, 1500, 1999, 2000].map((t) => countUpValue(t, 2000, 1000));
    for (let i = 1; i < samples.length; i++) expect(samples[i]!).toBeGreaterThanOrEqual(samples[i - 1]!);
    // Past half the target at a quarter of the time (ease-out).
    expect(countUpValue(500, 2000, 1000)).toBeGreaterThan(500);
  });

  it('keeps the requested decimals', () => {
    const v = countUpValue(700, 2000, 4.8, 1);
    expect(Math.round(v * 10) / 10).toBe(v);
  });

  it('jumps to the target when there is no duration', () => {
    expect(countUpValue(0, 0, 42)).toBe(42);
  });

  it('clamps the easing input', () => {
    expect(easeOutCubic(-1)).toBe(0);
    expect(easeOutCubic(2)).toBe(1);
  });
});
