import { createHash } from 'node:crypto';

/** Namespace of every demo-data id (a random UUID, fixed forever). */
const NAMESPACE = 'b7c1a4e2-5d3f-4e8a-9c61-0f2d7e4b9a13';

/**
 * A stable UUID (version 5 layout, SHA-1 of namespace + name) for a demo-data natural key, e.g.
 * seedId('service:leak-repair'). The same key always gives the same id, which is what makes
 * re-running the seed a no-op (INSERT ... ON CONFLICT DO NOTHING).
 */
export function seedId(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A small deterministic PRNG (mulberry32) so generated demo data is the same on every run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
