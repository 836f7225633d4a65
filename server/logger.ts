import pino from 'pino';

/**
 * Structured JSON lines (pino) on stdout. A line written while serving a request carries its
 * `request_id`, passed by the caller as a field (decision 0057). Callers pass fields, never secrets: request headers are not logged and access tokens
 * only appear as their id; the redaction below is the second line of defence should a field holding
 * a secret or bank details ever be passed by mistake.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** Field names whose values are never written, at the top level or one level down. */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'token',
  'access_token',
  'session',
  'session_token',
  'secret',
  'password',
  'account_number',
  'iban',
  'bank_details',
];
const REDACT_PATHS = SECRET_FIELDS.flatMap((f) => [`["${f}"]`, `*["${f}"]`]);

export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (l) => process.stdout.write(l + '\n'),
): Logger {
  const destination = { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) };
  const log = pino(
    {
      level,
      base: undefined,
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    },
    destination,
  );
  const at =
    (lvl: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields: Record<string, unknown> = {}) =>
      log[lvl](fields, msg);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const silentLogger: Logger = createLogger('silent');
