import type { Environment } from './domain/shared/context';
import { z } from 'zod';
import { isCidr } from './http/cidr';

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
    BANK_DETAILS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    TRUST_PROXY: booleanFromEnv.default(false),
    VERSION_HEADER: headerName.default('Service-Version'),
    BOOTSTRAP_ACCESS_TOKEN: z
      .string()
      .regex(/^[A-Za-z0-9_-]{20,200}$/, 'must be 20-200 characters of A-Z a-z 0-9 _ -')
      .optional(),
    BOOTSTRAP_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
    // Issue 40.3 (docs/operations.md "Webhooks"): sandbox only, lets endpoints be on this machine.
    WEBHOOK_ALLOW_LOOPBACK: booleanFromEnv.default(false),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
    // `jwks set --url`: the whole fetch (connect, TLS, answer and body) gets this long.
    JWKS_FETCH_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
    BOOTSTRAP_DASHBOARD_ADMIN: z
      .string()
      .regex(
        /^[^\s@:,]+@[^\s@:,]+:[^,]{12,200}(,[^\s@:,]+@[^\s@:,]+:[^,]{12,200})*$/,
        'must be email:password[,email:password…] (passwords of 12 or more characters, no commas)',
      )
      .optional(),
    TLS_CERT_FILE: z.string().min(1).optional(),
    TLS_KEY_FILE: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1000),
    // Issue 17, operations: connection limits, payer-page rate limit, metrics access, HSTS.
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(600_000),
    MAX_REQUESTS_PER_CONNECTION: z.coerce.number().int().min(0).default(1000),
    MAX_CONNECTIONS: z.coerce.number().int().min(1).default(2048),
    MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(64),
    PAYER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    METRICS_ALLOW: z
      .string()
      .default('127.0.0.1/32,::1/128')
      .refine(
        (v) => v === 'none' || v.split(',').every((c) => isCidr(c.trim())),
        'must be a comma-separated list of CIDR ranges (e.g. 10.0.0.0/8,::1/128) or "none"',
      ),
    HSTS_MAX_AGE: z.coerce.number().int().min(0).default(31_536_000),
    // Shutdown (docs/operations.md): how long requests and webhook attempts in flight may take to finish.
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    // Request logs (decision 0086): how many days each API request is kept.
    REQUEST_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    // A stalled event loop (docs/operations.md): killed after this long so a supervisor restarts it; 0 = off.
    WATCHDOG_STALL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    // Payer notices (issue 21, docs/operations.md "Mail"): SMTP, or the embedded mailbox without it.
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.email().optional(),
    // Each SMTP send's overall deadline (ms): connect, greeting, every command and the message itself.
    SMTP_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(30_000),
    DKIM_DOMAIN: z
      .string()
      .regex(/^[A-Za-z0-9.-]+$/, 'must be a domain name')
      .optional(),
    DKIM_SELECTOR: z
      .string()
      .regex(/^[A-Za-z0-9._-]+$/, 'must be a DNS label')
      .optional(),
    DKIM_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.TLS_CERT_FILE) !== Boolean(env.TLS_KEY_FILE)) {
      ctx.addIssue({ code: 'custom', path: ['TLS_CERT_FILE'], message: 'TLS_CERT_FILE and TLS_KEY_FILE go together' });
    }
    if (env.BOOTSTRAP_DASHBOARD_ADMIN && (env.ENVIRONMENT === 'live' || !env.BOOTSTRAP_ACCESS_TOKEN)) {
      const message = 'is only allowed in the sandbox environment, with BOOTSTRAP_ACCESS_TOKEN';
      ctx.addIssue({ code: 'custom', path: ['BOOTSTRAP_DASHBOARD_ADMIN'], message });
    }
    if (env.BOOTSTRAP_ACCESS_TOKEN && env.ENVIRONMENT === 'live') {
      ctx.addIssue({
        code: 'custom',
        path: ['BOOTSTRAP_ACCESS_TOKEN'],
        message: 'is only allowed in the sandbox environment',
      });
    }
    if (env.BOOTSTRAP_WEBHOOK_URL && env.ENVIRONMENT === 'live') {
      ctx.addIssue({
        code: 'custom',
        path: ['BOOTSTRAP_WEBHOOK_URL'],
        message: 'is only allowed in the sandbox environment',
      });
    }
    if (env.WEBHOOK_ALLOW_LOOPBACK && env.ENVIRONMENT === 'live') {
      const message = 'is only allowed in the sandbox environment (live webhooks go to public addresses only)';
      ctx.addIssue({ code: 'custom', path: ['WEBHOOK_ALLOW_LOOPBACK'], message });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required with SMTP_URL' });
    }
    const dkim = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY_FILE].filter(Boolean).length;
    if (dkim !== 0 && dkim !== 3) {
      const message = 'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE go together';
      ctx.addIssue({ code: 'custom', path: ['DKIM_DOMAIN'], message });
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
  /** Seals full bank details at rest; generated into DATA_DIR when unset. */
  bankDetailsKey?: string;
  trustProxy: boolean;
  versionHeader: string;
  bootstrapAccessToken?: string;
  /** Sandbox only: a webhook endpoint the sandbox organisation gets at start (the README's quick start). */
  bootstrapWebhookUrl?: string;
  /** Sandbox only: webhook endpoints may be on loopback (127.0.0.0/8, ::1, localhost); never in live. */
  webhookAllowLoopback: boolean;
  /** Each webhook attempt's whole time, connection to last byte of the answer. */
  webhookTimeoutMs: number;
  /** `jwks set --url`: the fetch's whole time. */
  jwksFetchTimeoutMs: number;
  /** Sandbox only, for scripted runs: `email:password[,…]` of dashboard admins in the bootstrap organisation. */
  bootstrapDashboardAdmin?: string;
  tlsCertFile?: string;
  tlsKeyFile?: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Requests per minute per organisation (spec: 1000). */
  rateLimitPerMinute: number;
  /** Slow and greedy clients (docs/operations.md, "Limits"). */
  limits: ConnectionLimits;
  /** Page views per minute per client address on the payer pages and flow links. */
  payerRateLimitPerMinute: number;
  /** CIDR ranges allowed to read /metrics (empty: nobody). */
  metricsAllow: string[];
  /** Strict-Transport-Security max-age in seconds; 0 sends no header. */
  hstsMaxAge: number;
  /** On SIGTERM: how long requests and webhook attempts in flight may take before they are cut. */
  shutdownGraceMs: number;
  /** How many days an API request's log is kept (decision 0086). */
  requestLogDays: number;
  /** Kill the process when its event loop has not turned for this long (0: never). */
  watchdogStallMs: number;
  /** Payer mail: SMTP when `smtpUrl` is set, else the embedded mailbox (sandbox only). */
  mail: {
    smtpUrl?: string;
    from?: string;
    /** Each send's overall deadline. */
    timeoutMs: number;
    dkim?: { domainName: string; keySelector: string; privateKeyFile: string };
  };
}

/**
 * What keeps the server itself from starting (the CLI needs none of it): live sends real mail to
 * payers, so it refuses to start without SMTP_URL rather than keep their notices in a mailbox.
 */
export function startProblems(config: Config): string[] {
  if (config.environment === 'live' && !config.mail.smtpUrl) {
    return ['SMTP_URL: is required in live (payer notices are sent by mail; see docs/operations.md "Mail")'];
  }
  return [];
}

export interface ConnectionLimits {
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** 0 = no limit. */
  maxRequestsPerConnection: number;
  maxConnections: number;
  /** 0 = no per-address cap (behind a proxy every connection comes from the proxy). */
  maxConnectionsPerIp: number;
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
    bankDetailsKey: e.BANK_DETAILS_KEY,
    trustProxy: e.TRUST_PROXY,
    versionHeader: e.VERSION_HEADER,
    bootstrapAccessToken: e.BOOTSTRAP_ACCESS_TOKEN,
    bootstrapWebhookUrl: e.BOOTSTRAP_WEBHOOK_URL,
    bootstrapDashboardAdmin: e.BOOTSTRAP_DASHBOARD_ADMIN,
    webhookAllowLoopback: e.WEBHOOK_ALLOW_LOOPBACK,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    jwksFetchTimeoutMs: e.JWKS_FETCH_TIMEOUT_MS,
    tlsCertFile: e.TLS_CERT_FILE,
    tlsKeyFile: e.TLS_KEY_FILE,
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    limits: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      bodyTimeoutMs: e.BODY_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxRequestsPerConnection: e.MAX_REQUESTS_PER_CONNECTION,
      maxConnections: e.MAX_CONNECTIONS,
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    },
    payerRateLimitPerMinute: e.PAYER_RATE_LIMIT_PER_MINUTE,
    metricsAllow: e.METRICS_ALLOW === 'none' ? [] : e.METRICS_ALLOW.split(',').map((c) => c.trim()),
    hstsMaxAge: e.HSTS_MAX_AGE,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    requestLogDays: e.REQUEST_LOG_DAYS,
    watchdogStallMs: e.WATCHDOG_STALL_MS,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      timeoutMs: e.SMTP_TIMEOUT_MS,
      dkim:
        e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY_FILE
          ? { domainName: e.DKIM_DOMAIN, keySelector: e.DKIM_SELECTOR, privateKeyFile: e.DKIM_PRIVATE_KEY_FILE }
          : undefined,
    },
  };
}
