import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from './config';

describe('configuration from the environment', () => {
  it('has working defaults outside production', () => {
    const c = configFromEnv({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.seedDemo).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.rateLimitScale).toBe(1);
  });

  it('refuses bad values with a clear message naming the variable', () => {
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => configFromEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => configFromEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('requires a secret and a public URL in production, and never seeds demo data there', () => {
    expect(() => configFromEnv({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    const c = configFromEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://khedma.ma', RATE_LIMIT_SCALE: '50' });
    expect(c.seedDemo).toBe(false);
    expect(c.rateLimitScale).toBe(1);
  });

  it('treats empty variables as unset', () => {
    expect(configFromEnv({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
