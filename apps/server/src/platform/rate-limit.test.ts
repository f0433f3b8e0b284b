import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { createTestDatabase } from '../test/db';
import { RateLimiter } from './rate-limit';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('database rate limiter', () => {
  it('allows `limit` requests per window and then answers with the seconds to wait', async () => {
    const limiter = new RateLimiter(database.db);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.consume('test:seq', 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.count).toBe(4);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('is atomic: concurrent requests from two "instances" never exceed the limit', async () => {
    const a = new RateLimiter(database.db);
    const b = new RateLimiter(database.db);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).consume('test:race', 5, 60)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('starts a new window once the old one is over', async () => {
    const limiter = new RateLimiter(database.db);
    expect((await limiter.consume('test:window', 1, 1)).allowed).toBe(true);
    expect((await limiter.consume('test:window', 1, 1)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await limiter.consume('test:window', 1, 1)).allowed).toBe(true);
  });

  it('enforce throws RATE_LIMITED (429) with a Retry-After header', async () => {
    const limiter = new RateLimiter(database.db);
    await limiter.enforce('test:enforce', 1, 30);
    const err = await limiter.enforce('test:enforce', 1, 30).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(429);
    expect((err as AppError).code).toBe('RATE_LIMITED');
    expect(Number((err as AppError).headers!['retry-after'])).toBeGreaterThan(0);
  });

  it('enforceInOrder checks several limits in one statement, in order: a request refused by one is not counted by the next', async () => {
    const limiter = new RateLimiter(database.db);
    const checks = (user: string) => [
      { key: `test:order:user:${user}`, limit: 2, windowSeconds: 60, message: 'per account' },
      { key: 'test:order:ip', limit: 3, windowSeconds: 60, message: 'per address' },
    ];
    await limiter.enforceInOrder(checks('a'));
    await limiter.enforceInOrder(checks('a'));
    const first = await limiter.enforceInOrder(checks('a')).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(AppError);
    expect((first as AppError).status).toBe(429);
    expect((first as AppError).message).toBe('per account');
    expect(Number((first as AppError).headers!['retry-after'])).toBeGreaterThan(0);
    // The refused third request did not count against the address: it has had 2 of its 3.
    expect((await limiter.consume('test:order:ip', 1000, 60)).count).toBe(3);
    // That consume was the address's third: the next user is refused by the address.
    const second = await limiter.enforceInOrder(checks('b')).catch((e: unknown) => e);
    expect((second as AppError).message).toBe('per address');
    expect((await limiter.consume('test:order:user:b', 1000, 60)).count).toBe(2);
  });

  it('enforceInOrder is atomic under concurrency, like enforce', async () => {
    const a = new RateLimiter(database.db);
    const b = new RateLimiter(database.db);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).enforceInOrder([
          { key: `test:order-race:user:${i % 4}`, limit: 100, windowSeconds: 60 },
          { key: 'test:order-race:ip', limit: 5, windowSeconds: 60 },
        ]).then(
          () => 'allowed',
          (e: unknown) => (e instanceof AppError ? e.code : String(e)),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'allowed')).toHaveLength(5);
    expect(outcomes.filter((o) => o !== 'allowed').every((o) => o === 'RATE_LIMITED')).toBe(true);
  });

  it('keys are independent', async () => {
    const limiter = new RateLimiter(database.db);
    expect((await limiter.consume('test:k1', 1, 60)).allowed).toBe(true);
    expect((await limiter.consume('test:k2', 1, 60)).allowed).toBe(true);
  });
});
