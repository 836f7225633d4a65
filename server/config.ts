import type { Environment } from './domain/shared/context';
import { z } from 'zod';

/**
 * The one place that reads the environment. Everything else receives a parsed `Config`.
 * Each variable is documented in the README's configuration table.
 */

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce.number().int().min(0).max(65535);

// RFC 7230 token: the characters a header name may use.
const headerName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be a valid HTTP header name');

const envSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    HTTP_PORT: port.optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TRUST_PROXY: booleanFromEnv.default(false),
    VERSION_HEADER: headerName.default('Service-Version'),
    BOOTSTRAP_ACCESS_TOKEN: z
      .string()
      .regex(/^[A-Za-z0-9_-]{20,200}$/, 'must be 20-200 characters of A-Z a-z 0-9 _ -')
      .optional(),
    TLS_CERT_FILE: z.string().min(1).optional(),
    TLS_KEY_FILE: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1000),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.TLS_CERT_FILE) !== Boolean(env.TLS_KEY_FILE)) {
      ctx.addIssue({ code: 'custom', path: ['TLS_CERT_FILE'], message: 'TLS_CERT_FILE and TLS_KEY_FILE go together' });
    }
    if (env.BOOTSTRAP_ACCESS_TOKEN && env.ENVIRONMENT === 'live') {
      ctx.addIssue({
        code: 'custom',
        path: ['BOOTSTRAP_ACCESS_TOKEN'],
        message: 'is only allowed in the sandbox environment',
      });
    }
    if (env.ENVIRONMENT === 'live' && env.PUBLIC_URL && !env.PUBLIC_URL.startsWith('https://')) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'must be an https:// URL in live' });
    }
  });

export type { Environment } from './domain/shared/context';

export interface Config {
  port: number;
  host: string;
  httpPort?: number;
  /** Base URL the outside world uses, without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  environment: Environment;
  sessionSecret?: string;
  trustProxy: boolean;
  versionHeader: string;
  bootstrapAccessToken?: string;
  tlsCertFile?: string;
  tlsKeyFile?: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Requests per minute per organisation (spec: 1000). */
  rateLimitPerMinute: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Treat empty strings as unset so `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`));
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `https://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    httpPort: e.HTTP_PORT,
    publicUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    environment: e.ENVIRONMENT,
    sessionSecret: e.SESSION_SECRET,
    trustProxy: e.TRUST_PROXY,
    versionHeader: e.VERSION_HEADER,
    bootstrapAccessToken: e.BOOTSTRAP_ACCESS_TOKEN,
    tlsCertFile: e.TLS_CERT_FILE,
    tlsKeyFile: e.TLS_KEY_FILE,
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
  };
}
