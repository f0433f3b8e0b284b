import { describe, expect, it } from 'vitest';
import { formatWait } from './wait-time';

describe('formatWait', () => {
  it('says seconds under a minute and a half, minutes above', () => {
    expect(formatWait(30, 'en')).toBe('30 seconds');
    expect(formatWait(1, 'en')).toBe('1 second');
    expect(formatWait(3600, 'en')).toBe('60 minutes');
    expect(formatWait(100, 'fr')).toBe('2 minutes');
  });
  it('has nothing to say without a number', () => {
    expect(formatWait(undefined, 'en')).toBeNull();
    expect(formatWait(0, 'en')).toBeNull();
  });
});
