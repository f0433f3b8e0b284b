import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, SEARCH_DEBOUNCE_MS } from './debounce';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 300 ms for search (SPEC §9)', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
  });

  it('calls once, with the last arguments, after the calls stop', () => {
    const fn = vi.fn();
    const d = debounce(fn, 300);
    d('p');
    vi.advanceTimersByTime(200);
    d('pl');
    vi.advanceTimersByTime(200);
    d('plu');
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('plu');
  });

  it('cancel drops the pending call; flush runs it now', () => {
    const fn = vi.fn();
    const d = debounce(fn, 300);
    d(1);
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
    d(2);
    d.flush();
    expect(fn).toHaveBeenCalledWith(2);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
