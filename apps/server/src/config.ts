import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads, with its default. README.md lists the same table. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    /** The booking map's tiles (issue 42; an OpenStreetMap-style {z}/{x}/{y} URL template): the web app reads it from GET /api/map and the page may load images from its origin. Unset: OpenStreetMap's tile server in production, the local tile simulator (/__map-tiles) elsewhere. */
    MAP_TILE_URL: z.url().optional(),
    MAP_ATTRIBUTION: z.string().min(1).default('© OpenStreetMap contributors'),
    DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
    DATABASE_URL: z.url().optional(),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    // Bounds on waiting for the database (db/connections.ts): a connection (or a free one in the pool),
    // and one statement's answer. Past them the request is answered 503 instead of hanging.
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    AUTH_SECRET: z.string().min(32).optional(),
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().min(3).default('Khedma <no-reply@khedma.ma>'),
    SUPPORT_EMAIL: z.email().default('support@khedma.ma'),
    SEED_DEMO: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
    WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    TRUST_PROXY: bool.default(false),
    // SIGTERM: how long to stay reachable but not ready (/readyz 503) before refusing connections, so
    // that a load balancer's health check takes this instance out first (http/shutdown.ts).
    // Prometheus metrics (platform/metrics.ts), off unless one is set: GET /metrics on the main port for
    // this bearer token, and/or a separate listener on METRICS_PORT (METRICS_HOST) without a token.
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
    // Browser journeys only: POST /api/dev/test-people makes signed-in people without password hashing
    // (modules/dev). Ignored in production.
    TEST_PEOPLE: bool.default(false),
    // SMS through Twilio's REST API (serves Morocco); unset means SMS only reach the outbox (decision 0014).
    TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must look like AC followed by 32 hex digits').optional(),
    TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
    TWILIO_FROM: z.string().regex(/^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/, 'must be an E.164 number or an alphanumeric sender id of at most 11 characters').optional(),
    TWILIO_MESSAGING_SERVICE_SID: z.string().regex(/^MG[0-9a-fA-F]{32}$/, 'must look like MG followed by 32 hex digits').optional(),
    TWILIO_API_URL: z.url().default('https://api.twilio.com'),
    // Web push (VAPID keys from `npx web-push generate-vapid-keys`); unset means push is off (decision 0015).
    VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be the URL-safe base64 public key').optional(),
    VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be the URL-safe base64 private key').optional(),
    VAPID_SUBJECT: z.string().regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'must be a mailto: or https: URL').optional(),
    // Object storage (S3 or any S3-compatible store): set S3_BUCKET to keep files there instead of
    // DATA_DIR/uploads, which several instances cannot share (platform/storage-s3.ts).
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name').optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** An S3-compatible store's address (MinIO, R2, Scaleway...); unset means AWS itself. */
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Path-style addressing (endpoint/bucket/key), which most S3-compatible stores want. Default: on with S3_ENDPOINT. */
    S3_FORCE_PATH_STYLE: bool.optional(),
    // The seller on invoices and credit notes (docs/payments.md "Invoices"): required in production;
    // outside it, defaults that say they are not real.
    COMPANY_NAME: z.string().min(2).max(120).optional(),
    COMPANY_ADDRESS: z.string().min(5).max(300).optional(),
    /** Identifiant Commun de l'Entreprise: 15 digits. */
    COMPANY_ICE: z.string().regex(/^\d{15}$/, 'must be the 15 digits of the ICE').optional(),
    /** Identifiant fiscal. */
    COMPANY_IF: z.string().regex(/^\d{6,10}$/, 'must be the 6 to 10 digits of the IF').optional(),
    /** Registre du commerce: the court's city and the number, e.g. "Casablanca 123456". */
    COMPANY_RC: z.string().min(3).max(60).optional(),
    // Card payments through CMI's hosted 3-D Secure page (docs/payments.md). Unset CMI_GATEWAY_URL means the
    // built-in CMI simulator (a TEST gateway under /__cmi, no real money), which production refuses.
    CMI_CLIENT_ID: z.string().regex(/^[A-Za-z0-9]{1,32}$/, 'must be the merchant id CMI gave (letters and digits)').optional(),
    CMI_STORE_KEY: z.string().min(8).max(128).optional(),
    CMI_GATEWAY_URL: z.url().optional(),
    CMI_API_URL: z.url().optional(),
    CMI_API_USER: z.string().min(1).max(64).optional(),
    CMI_API_PASSWORD: z.string().min(1).max(128).optional(),
    // WhatsApp through Meta's Cloud API (docs/decisions/0030-whatsapp-provider.md); unset means the built-in
    // WhatsApp simulator, which production refuses.
    WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d{5,30}$/, 'must be the phone-number id Meta gave (digits)').optional(),
    WHATSAPP_ACCESS_TOKEN: z.string().min(16).max(1024).optional(),
    WHATSAPP_APP_SECRET: z.string().min(16).max(256).optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().min(8).max(256).optional(),
    WHATSAPP_API_URL: z.url().default('https://graph.facebook.com'),
    WHATSAPP_API_VERSION: z.string().regex(/^v\d+\.\d+$/, 'must look like v21.0').default('v21.0'),
    // Production: what the operator accepts to run without (payments = the CMI simulator, smtp = no SMTP_URL,
    // sms = no SMS provider, whatsapp = the WhatsApp simulator), comma-separated. Unset: production refuses to start without them.
    ALLOW_UNREAL_PROVIDERS: z
      .string()
      .regex(/^(payments|smtp|sms|whatsapp)(,(payments|smtp|sms|whatsapp))*$/, 'must be a comma-separated list of payments, smtp, sms, whatsapp')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production (32+ characters)' });
    }
    if (env.TWILIO_ACCOUNT_SID || env.TWILIO_AUTH_TOKEN) {
      if (!env.TWILIO_ACCOUNT_SID) ctx.addIssue({ code: 'custom', path: ['TWILIO_ACCOUNT_SID'], message: 'is required with TWILIO_AUTH_TOKEN' });
      if (!env.TWILIO_AUTH_TOKEN) ctx.addIssue({ code: 'custom', path: ['TWILIO_AUTH_TOKEN'], message: 'is required with TWILIO_ACCOUNT_SID' });
      if (!env.TWILIO_FROM && !env.TWILIO_MESSAGING_SERVICE_SID) {
        ctx.addIssue({ code: 'custom', path: ['TWILIO_FROM'], message: 'or TWILIO_MESSAGING_SERVICE_SID is required to send SMS' });
      }
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
    }
    const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT];
    if (vapid.some(Boolean) && !vapid.every(Boolean)) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together' });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production') {
      for (const key of ['COMPANY_NAME', 'COMPANY_ADDRESS', 'COMPANY_ICE', 'COMPANY_IF', 'COMPANY_RC'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production (printed on every invoice)' });
      }
    }
    const cmi = ['CMI_CLIENT_ID', 'CMI_STORE_KEY', 'CMI_GATEWAY_URL', 'CMI_API_URL', 'CMI_API_USER', 'CMI_API_PASSWORD'] as const;
    if (cmi.some((k) => env[k])) {
      for (const k of cmi) if (!env[k]) ctx.addIssue({ code: 'custom', path: [k], message: `is required with the other CMI_ variables (${cmi.join(', ')})` });
    }
    const whatsapp = ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;
    if (whatsapp.some((k) => env[k])) {
      for (const k of whatsapp) if (!env[k]) ctx.addIssue({ code: 'custom', path: [k], message: `is required with the other WHATSAPP_ variables (${whatsapp.join(', ')})` });
    }
    if (env.NODE_ENV === 'production') {
      // Production refuses what is not real unless the operator says so (docs/payments.md "Going live").
      const allowed = new Set((env.ALLOW_UNREAL_PROVIDERS ?? '').split(',').filter(Boolean));
      if (!env.CMI_GATEWAY_URL && !allowed.has('payments')) {
        ctx.addIssue({ code: 'custom', path: ['CMI_GATEWAY_URL'], message: 'is required in production (the CMI simulator takes no real money); set the CMI_ variables, or ALLOW_UNREAL_PROVIDERS=payments to accept the simulator' });
      }
      if (!env.SMTP_URL && !allowed.has('smtp')) {
        ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production (emails would only reach the outbox); or ALLOW_UNREAL_PROVIDERS=smtp' });
      }
      if (!env.TWILIO_ACCOUNT_SID && !allowed.has('sms')) {
        ctx.addIssue({ code: 'custom', path: ['TWILIO_ACCOUNT_SID'], message: 'is required in production (no SMS provider: SMS would be lost); or ALLOW_UNREAL_PROVIDERS=sms' });
      }
      if (!env.WHATSAPP_PHONE_NUMBER_ID && !allowed.has('whatsapp')) {
        ctx.addIssue({ code: 'custom', path: ['WHATSAPP_PHONE_NUMBER_ID'], message: 'is required in production (the WhatsApp simulator reaches nobody); set the WHATSAPP_ variables, or ALLOW_UNREAL_PROVIDERS=whatsapp' });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  /** POST /api/dev/test-people (browser journeys; never in production). */
  testPeople: boolean;
  host: string;
  port: number;
  publicUrl: string;
  /** The booking map's tiles (MAP_TILE_URL): a {z}/{x}/{y} template, on this site when `simulator`. */
  mapTiles: { tileUrl: string; attribution: string; simulator: boolean };
  dataDir: string;
  databaseUrl?: string;
  dbPoolMax: number;
  dbConnectTimeoutMs: number;
  dbQueryTimeoutMs: number;
  authSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  bodyLimit: number;
  webDist: string;
  trustProxy: boolean;
  shutdownDelayMs: number;
  metrics: { token?: string; port?: number; host: string };
  /** Multiplies every rate limit; for automated browser tests from one address. Always 1 in production. */
  rateLimitScale: number;
  /** Twilio's SMS API, when configured. */
  twilio?: TwilioConfig;
  /** Meta's WhatsApp Cloud API, or the built-in simulator (`simulator: true`). */
  whatsapp: WhatsAppConfig;
  /** Web push keys, when configured. */
  vapid?: VapidConfig;
  /** Object storage, when configured (else the local disk under dataDir). */
  s3?: S3Config;
  /** The seller printed on invoices and credit notes. */
  company: CompanyConfig;
  /** CMI (cards; bank and mobile through the same contract until their providers are chosen). */
  cmi: CmiConfig;
}

export interface CompanyConfig {
  name: string;
  address: string;
  ice: string;
  if: string;
  rc: string;
}

/** Outside production: a seller that says on every invoice it is not real. */
export const DEV_COMPANY: CompanyConfig = {
  name: 'Khedma SARL (DEVELOPMENT – not a real company)',
  address: 'DEVELOPMENT ONLY – not a real address, Casablanca',
  ice: '000000000000000',
  if: '00000000',
  rc: 'DEV 000000',
};

/**
 * CMI's merchant settings. `simulator`: the built-in CMI simulator serves these URLs (under /__cmi of
 * this server); tests point the URLs at the port they listen on, so the fields are read at each call.
 */
export interface CmiConfig {
  simulator: boolean;
  clientId: string;
  storeKey: string;
  gatewayUrl: string;
  apiUrl: string;
  apiUser: string;
  apiPassword: string;
  /** Where CMI posts its server-to-server callback (this server's public address). */
  callbackBaseUrl: string;
}

/** The simulator's merchant settings: a test store key with the characters ver3 escapes (`|` and `\`). */
export const SIMULATOR_CMI = { clientId: '600000001', storeKey: 'TEST|key\\khedma', apiUser: 'khedma-api', apiPassword: 'simulator' } as const;

export interface S3Config {
  bucket: string;
  region: string;
  endpoint?: string;
  /** Unset: the SDK's default credential chain (environment, instance role...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from?: string;
  messagingServiceSid?: string;
  apiUrl: string;
}

/** WhatsApp Business Platform (Cloud API). `simulator`: our own, in-process and under /__whatsapp. */
export interface WhatsAppConfig {
  simulator: boolean;
  apiUrl: string;
  apiVersion: string;
  phoneNumberId: string;
  accessToken: string;
  /** Signs the webhooks (X-Hub-Signature-256). */
  appSecret: string;
  /** What Meta echoes when it subscribes the webhook (GET hub.verify_token). */
  verifyToken: string;
}

export const SIMULATOR_WHATSAPP = {
  phoneNumberId: '100000000000001',
  accessToken: 'simulator-access-token',
  appSecret: 'simulator-app-secret',
  verifyToken: 'simulator-verify-token',
} as const;

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** OpenStreetMap's own tile server: production's default (its usage policy allows a site's light use). */
const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** The local tile simulator's template (platform/map-tiles.ts), on this site. */
export const MAP_TILE_SIMULATOR_PATH = '/__map-tiles/{z}/{x}/{y}.png';

// Outside production a fixed development secret keeps sessions across restarts; production must set its own.
const DEV_SECRET = 'khedma-development-secret-not-for-production-use-0001';

export function configFromEnv(env: Record<string, string | undefined>): Config {
  // Empty strings mean "unset" so that `FOO= npm start` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    mapTiles: e.MAP_TILE_URL
      ? { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION, simulator: false }
      : isProduction
        ? { tileUrl: OSM_TILE_URL, attribution: e.MAP_ATTRIBUTION, simulator: false }
        : { tileUrl: MAP_TILE_SIMULATOR_PATH, attribution: e.MAP_ATTRIBUTION, simulator: true },
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dbPoolMax: e.DB_POOL_MAX,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbQueryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
    authSecret: e.AUTH_SECRET ?? DEV_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    webDist: path.resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    rateLimitScale: isProduction ? 1 : e.RATE_LIMIT_SCALE,
    testPeople: !isProduction && e.TEST_PEOPLE,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
            apiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
          }
        : undefined,
    whatsapp: e.WHATSAPP_PHONE_NUMBER_ID
      ? {
          simulator: false,
          apiUrl: e.WHATSAPP_API_URL.replace(/\/$/, ''),
          apiVersion: e.WHATSAPP_API_VERSION,
          phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
          accessToken: e.WHATSAPP_ACCESS_TOKEN!,
          appSecret: e.WHATSAPP_APP_SECRET!,
          verifyToken: e.WHATSAPP_VERIFY_TOKEN!,
        }
      : { simulator: true, apiUrl: `${publicUrl}/__whatsapp`, apiVersion: e.WHATSAPP_API_VERSION, ...SIMULATOR_WHATSAPP },
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
        : undefined,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : undefined,
    company: {
      name: e.COMPANY_NAME ?? DEV_COMPANY.name,
      address: e.COMPANY_ADDRESS ?? DEV_COMPANY.address,
      ice: e.COMPANY_ICE ?? DEV_COMPANY.ice,
      if: e.COMPANY_IF ?? DEV_COMPANY.if,
      rc: e.COMPANY_RC ?? DEV_COMPANY.rc,
    },
    cmi: e.CMI_GATEWAY_URL
      ? {
          simulator: false,
          clientId: e.CMI_CLIENT_ID!,
          storeKey: e.CMI_STORE_KEY!,
          gatewayUrl: e.CMI_GATEWAY_URL,
          apiUrl: e.CMI_API_URL!,
          apiUser: e.CMI_API_USER!,
          apiPassword: e.CMI_API_PASSWORD!,
          callbackBaseUrl: publicUrl,
        }
      : { simulator: true, ...SIMULATOR_CMI, gatewayUrl: `${publicUrl}/__cmi/fim/est3Dgate`, apiUrl: `${publicUrl}/__cmi/fim/api`, callbackBaseUrl: publicUrl },
  };
}

export class ConfigError extends Error {}

/** A configuration for tests: production-like defaults are off, nothing listens. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = configFromEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  // Its own copy: tests point the simulator's URLs at the port they listen on.
  return { ...base, ...overrides, cmi: { ...(overrides.cmi ?? base.cmi) } };
}
