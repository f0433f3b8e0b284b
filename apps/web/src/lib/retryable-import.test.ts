import { describe, expect, it, vi } from 'vitest';
import { retryableImport } from './retryable-import';

describe('retryableImport', () => {
  it('shares one import between callers and keeps a success', async () => {
    const load = vi.fn(() => Promise.resolve('module'));
    const importIt = retryableImport(load);
    const [a, b] = await Promise.all([importIt(), importIt()]);
    expect([a, b, await importIt()]).toEqual(['module', 'module', 'module']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('imports again after a failure, which every caller of the failed attempt sees', async () => {
    const offline = new TypeError('Failed to fetch dynamically imported module: /assets/toaster-x.js');
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(offline).mockResolvedValue('module');
    const importIt = retryableImport(load);
    const first = importIt();
    const second = importIt();
    await expect(first).rejects.toBe(offline);
    await expect(second).rejects.toBe(offline);
    expect(load).toHaveBeenCalledTimes(1);

    await expect(importIt()).resolves.toBe('module');
    await expect(importIt()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
