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

  it('keys are independent', async () => {
    const limiter = new RateLimiter(database.db);
    expect((await limiter.consume('test:k1', 1, 60)).allowed).toBe(true);
    expect((await limiter.consume('test:k2', 1, 60)).allowed).toBe(true);
  });
});
