import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from './config';

const COMPANY = {
  COMPANY_NAME: 'Khedma SARL',
  COMPANY_ADDRESS: '12 rue Example, Casablanca',
  COMPANY_ICE: '001234567000089',
  COMPANY_IF: '12345678',
  COMPANY_RC: 'Casablanca 123456',
};

const PROD = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://khedma.ma', ...COMPANY };
const CMI = {
  CMI_CLIENT_ID: '600123456',
  CMI_STORE_KEY: 'store-key-0123456789',
  CMI_GATEWAY_URL: 'https://payment.cmi.co.ma/fim/est3Dgate',
  CMI_API_URL: 'https://payment.cmi.co.ma/fim/api',
  CMI_API_USER: 'khedma',
  CMI_API_PASSWORD: 'secret',
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
    const c = configFromEnv({ ...PROD, ALLOW_UNREAL_PROVIDERS: 'payments,smtp,sms,whatsapp', RATE_LIMIT_SCALE: '50' });
    expect(c.seedDemo).toBe(false);
    expect(c.rateLimitScale).toBe(1);
  });

  it("requires the invoices' seller in production (each variable named); outside it, defaults that say they are fake", () => {
    const base = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://khedma.ma', ALLOW_UNREAL_PROVIDERS: 'payments,smtp,sms,whatsapp' };
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

  describe('production refuses what is not real (issue 36)', () => {
    const REAL = {
      ...CMI,
      SMTP_URL: 'smtp://mail.khedma.ma:587',
      TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'x'.repeat(32),
      TWILIO_FROM: '+212600000000',
      WHATSAPP_PHONE_NUMBER_ID: '109876543210987',
      WHATSAPP_ACCESS_TOKEN: 'EAAG'.padEnd(40, 'x'),
      WHATSAPP_APP_SECRET: 'w'.repeat(32),
      WHATSAPP_VERIFY_TOKEN: 'verify-me-please',
    };

    it('starts with CMI, SMTP and an SMS provider; the simulator is off', () => {
      const c = configFromEnv({ ...PROD, ...REAL });
      expect(c.whatsapp).toMatchObject({ simulator: false, apiUrl: 'https://graph.facebook.com', apiVersion: 'v21.0', phoneNumberId: '109876543210987' });
      expect(c.cmi).toMatchObject({ simulator: false, clientId: '600123456', gatewayUrl: 'https://payment.cmi.co.ma/fim/est3Dgate', apiUrl: 'https://payment.cmi.co.ma/fim/api', callbackBaseUrl: 'https://khedma.ma' });
    });

    it('refuses the simulator, a missing SMTP_URL and a missing SMS provider, naming the variable', () => {
      const { CMI_CLIENT_ID: _a, CMI_STORE_KEY: _b, CMI_GATEWAY_URL: _c, CMI_API_URL: _d, CMI_API_USER: _e, CMI_API_PASSWORD: _f, ...noCmi } = REAL;
      expect(() => configFromEnv({ ...PROD, ...noCmi })).toThrow(/CMI_GATEWAY_URL: is required in production \(the CMI simulator/);
      const { SMTP_URL: _s, ...noSmtp } = REAL;
      expect(() => configFromEnv({ ...PROD, ...noSmtp })).toThrow(/SMTP_URL: is required in production/);
      const { TWILIO_ACCOUNT_SID: _t, TWILIO_AUTH_TOKEN: _u, TWILIO_FROM: _v, ...noSms } = REAL;
      expect(() => configFromEnv({ ...PROD, ...noSms })).toThrow(/TWILIO_ACCOUNT_SID: is required in production \(no SMS provider/);
      // All three at once, each named.
      const all = (() => {
        try {
          configFromEnv(PROD);
        } catch (err) {
          return (err as Error).message;
        }
        return '';
      })();
      expect(all).toMatch(/CMI_GATEWAY_URL/);
      expect(all).toMatch(/SMTP_URL/);
      expect(all).toMatch(/TWILIO_ACCOUNT_SID/);
      expect(all).toMatch(/WHATSAPP_PHONE_NUMBER_ID/);
      expect(all).toMatch(/ALLOW_UNREAL_PROVIDERS/);
    });

    it('starts without them only when ALLOW_UNREAL_PROVIDERS says so, item by item', () => {
      expect(configFromEnv({ ...PROD, ALLOW_UNREAL_PROVIDERS: 'payments,smtp,sms,whatsapp' }).cmi.simulator).toBe(true);
      expect(() => configFromEnv({ ...PROD, ALLOW_UNREAL_PROVIDERS: 'payments,smtp,whatsapp' })).toThrow(/TWILIO_ACCOUNT_SID/);
      expect(() => configFromEnv({ ...PROD, ALLOW_UNREAL_PROVIDERS: 'payments,sms,whatsapp' })).toThrow(/SMTP_URL/);
      expect(() => configFromEnv({ ...PROD, ALLOW_UNREAL_PROVIDERS: 'smtp,sms,whatsapp' })).toThrow(/CMI_GATEWAY_URL/);
      expect(() => configFromEnv({ ...PROD, ALLOW_UNREAL_PROVIDERS: 'payments,smtp,sms' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
      expect(configFromEnv({ ...PROD, ALLOW_UNREAL_PROVIDERS: 'payments,smtp,sms,whatsapp' }).whatsapp.simulator).toBe(true);
      expect(() => configFromEnv({ ...PROD, ALLOW_UNREAL_PROVIDERS: 'everything' })).toThrow(/ALLOW_UNREAL_PROVIDERS/);
    });

    it('wants every CMI_ variable once one is set', () => {
      const { CMI_API_PASSWORD: _p, ...partial } = CMI;
      expect(() => configFromEnv(partial)).toThrow(/CMI_API_PASSWORD: is required with the other CMI_ variables/);
    });

    it('outside production the simulator is the default, under /__cmi of this server', () => {
      expect(configFromEnv({}).cmi).toMatchObject({ simulator: true, gatewayUrl: 'http://localhost:3000/__cmi/fim/est3Dgate', apiUrl: 'http://localhost:3000/__cmi/fim/api' });
    });
  });

  it('treats empty variables as unset', () => {
    expect(configFromEnv({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
