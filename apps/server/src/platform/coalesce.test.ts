import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  it('writes the first item at once, and what arrives during a flush in one next batch', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const add = coalesce<number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await gate;
    });
    const first = add(1);
    const rest = [add(2), add(3), add(4)];
    expect(batches).toEqual([[1]]);
    release();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await add(5);
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('rejects the items of a failed batch only', async () => {
    let fail = true;
    const add = coalesce<number>(async () => {
      if (fail) throw new Error('down');
    });
    await expect(add(1)).rejects.toThrow('down');
    fail = false;
    await expect(add(2)).resolves.toBeUndefined();
  });
});
