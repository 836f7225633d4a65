import path from 'node:path';
import { ConfigError, loadConfig, startProblems, type Config } from './config';
import { DataDirLockedError } from './db/lock';
import { loadRemixPages } from './http/remix';
import { loadSessionSecret } from './http/session-secret';
import { createLogger } from './logger';
import { startServer } from './server';
import { startEventLoopWatchdog } from './watchdog';

/** `npm start`: one process serving the API and the payer pages over HTTPS. */
async function main() {
  const config = loadConfig();
  const problems = startProblems(config);
  if (problems.length) throw new ConfigError(problems);
  const logger = createLogger(config.logLevel);
  const sessionSecret = loadSessionSecret(config.sessionSecret, config.dataDir);
  const remix = await loadRemixPages(config, sessionSecret);
  if (!remix) logger.warn('no Remix build found: serving the API only (run `npm run build` for the payer pages)');

  if (config.watchdogStallMs > 0) startEventLoopWatchdog(config.watchdogStallMs);
  const server = await startServer({ config, logger, pages: remix?.pages, clientAssetsDir: remix?.clientAssetsDir });
  // Handlers before anything is printed: a supervisor may send SIGTERM as soon as it sees us ready.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info('shutting down', { signal });
    await server.close();
    logger.info('stopped', { signal });
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  const { firstStartToken, organisationId, webhookEndpoint, firstSignInLink } = await server.ready;
  const certFile = path.resolve(config.tlsCertFile ?? path.join(config.dataDir, 'tls', 'cert.pem'));
  const tokenHints = organisationId
    ? (await server.services.access.listTokens(server.services.db, organisationId))
        .filter((token) => token.status === 'active')
        .map((token) => `${token.token_hint}…`)
    : [];
  logger.info('ready', { url: config.publicUrl, organisationId, certFile });

  const lines = [
    '',
    `  bankflow (${config.environment}) is ready`,
    `  API and payer pages: ${config.publicUrl}` +
      (server.url.endsWith(`:${config.port}`) ? '' : `  (listening on ${server.url})`),
    ...(server.httpUrl ? [`  plain HTTP (redirects and 426): ${server.httpUrl}`] : []),
    `  storage: ${server.services.db.kind === 'pglite' ? `PGlite in ${config.dataDir} (development and sandbox only)` : 'Postgres'}`,
  ];
  if (!config.tlsCertFile) lines.push(`  self-signed certificate: ${certFile}`);
  lines.push(
    config.mail.smtpUrl
      ? `  mail: sent over SMTP (${new URL(config.mail.smtpUrl).host}) from ${config.mail.from}`
      : `  mailbox (no SMTP_URL: mail is kept, not sent): ${config.publicUrl}/sandbox/mailbox  (npm run cli -- mailbox list)`,
  );
  if (organisationId) {
    lines.push(`  sandbox organisation: ${organisationId}  (the CLI's --organisation)`);
    if (!firstStartToken && tokenHints.length) lines.push(`  its access tokens: ${tokenHints.join(', ')}`);
  }
  if (firstStartToken) {
    lines.push('', '  Sandbox access token (shown once, stored only as a hash):', `    ${firstStartToken}`);
  }
  if (webhookEndpoint) {
    lines.push(
      '',
      `  Webhook endpoint ${webhookEndpoint.id} for ${webhookEndpoint.url}`,
      `  signing secret (shown once): ${webhookEndpoint.secret}`,
    );
  }
  if (firstSignInLink) {
    lines.push(
      '',
      '  Dashboard: choose a password for admin@sandbox.example (one-time link, 24 hours):',
      `    ${firstSignInLink}`,
    );
  }
  if (config.environment === 'sandbox') lines.push('', ...pasteLines(config, certFile, firstStartToken));
  process.stdout.write(lines.join('\n') + '\n\n');
}

/** What the README's quick start needs in the merchant's terminal, ready to paste. */
function pasteLines(config: Config, certFile: string, token: string | undefined): string[] {
  const trust = config.tlsCertFile ? '' : ` NODE_EXTRA_CA_CERTS=${certFile}`;
  return [
    '  In another terminal (the README quick start uses these):',
    `    export BASE=${config.publicUrl} VERSION_HEADER=${config.versionHeader}${trust}`,
    token
      ? `    export TOKEN=${token}`
      : `    export TOKEN=…   # the token printed at first start, or: npm run cli -- tokens create --organisation …`,
  ];
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`bankflow failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(1);
});
