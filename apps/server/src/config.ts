import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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
    DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
    DATABASE_URL: z.url().optional(),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    AUTH_SECRET: z.string().min(32).optional(),
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().min(3).default('Khedma <no-reply@khedma.ma>'),
    SUPPORT_EMAIL: z.email().default('support@khedma.ma'),
    SEED_DEMO: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
    WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    TRUST_PROXY: bool.default(false),
    RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production (32+ characters)' });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  dbPoolMax: number;
  authSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  bodyLimit: number;
  webDist: string;
  trustProxy: boolean;
  /** Multiplies every rate limit; for automated browser tests from one address. Always 1 in production. */
  rateLimitScale: number;
}

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
  return {
    env: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dbPoolMax: e.DB_POOL_MAX,
    authSecret: e.AUTH_SECRET ?? DEV_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    webDist: path.resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    rateLimitScale: isProduction ? 1 : e.RATE_LIMIT_SCALE,
  };
}

export class ConfigError extends Error {}

/** A configuration for tests: production-like defaults are off, nothing listens. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...configFromEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}
