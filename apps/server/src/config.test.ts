import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from './config';

const COMPANY = {
  COMPANY_NAME: 'Khedma SARL',
  COMPANY_ADDRESS: '12 rue Example, Casablanca',
  COMPANY_ICE: '001234567000089',
  COMPANY_IF: '12345678',
  COMPANY_RC: 'Casablanca 123456',
};

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
    const c = configFromEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://khedma.ma', RATE_LIMIT_SCALE: '50', ...COMPANY });
    expect(c.seedDemo).toBe(false);
    expect(c.rateLimitScale).toBe(1);
  });

  it("requires the invoices' seller in production (each variable named); outside it, defaults that say they are fake", () => {
    const base = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://khedma.ma' };
    for (const key of Object.keys(COMPANY)) {
      const env: Record<string, string> = { ...base, ...COMPANY };
      delete env[key];
      expect(() => configFromEnv(env)).toThrow(new RegExp(`${key}: is required in production`));
    }
    expect(configFromEnv({ ...base, ...COMPANY }).company).toEqual({ name: 'Khedma SARL', address: '12 rue Example, Casablanca', ice: '001234567000089', if: '12345678', rc: 'Casablanca 123456' });
    expect(() => configFromEnv({ COMPANY_ICE: '12345' })).toThrow(/COMPANY_ICE: must be the 15 digits of the ICE/);
    const dev = configFromEnv({}).company;
    expect(dev.name).toMatch(/DEVELOPMENT/);
    expect(dev.address).toMatch(/DEVELOPMENT/);
  });

  it('treats empty variables as unset', () => {
    expect(configFromEnv({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
