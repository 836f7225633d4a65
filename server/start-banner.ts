import fs from 'node:fs';
import path from 'node:path';
import type { BootstrapResult } from './bootstrap';
import type { Config } from './config';
import type { Logger } from './logger';
import type { RunningServer } from './server';

/**
 * What a start tells the person who ran it (decision 0065). stdout carries the JSON log, so the
 * human banner is printed only when stdout is a terminal; otherwise one `ready` line without
 * secrets, and what is shown once (the first start's token, webhook signing secret, dashboard
 * link) goes to DATA_DIR/first-start.txt, readable by the service's user only, for the operator
 * to read and delete.
 */
export const FIRST_START_FILE = 'first-start.txt';

export async function announceReady(
  config: Config,
  server: RunningServer,
  started: BootstrapResult,
  logger: Logger,
  terminal = Boolean(process.stdout.isTTY),
) {
  const certFile = path.resolve(config.tlsCertFile ?? path.join(config.dataDir, 'tls', 'cert.pem'));
  const banner = await bannerLines(config, server, started, certFile);
  const showOnce = Boolean(started.firstStartToken || started.webhookEndpoint || started.firstSignInLink);
  let firstStartFile: string | undefined;
  if (showOnce && !terminal) {
    firstStartFile = path.resolve(config.dataDir, FIRST_START_FILE);
    fs.writeFileSync(firstStartFile, banner.join('\n') + '\n', { mode: 0o600 });
    fs.chmodSync(firstStartFile, 0o600);
  }
  logger.info('ready', {
    url: config.publicUrl,
    listening: server.url,
    http_url: server.httpUrl,
    environment: config.environment,
    storage: server.services.db.kind,
    organisation_id: started.organisationId,
    cert_file: certFile,
    first_start_file: firstStartFile,
  });
  if (terminal) process.stdout.write(banner.join('\n') + '\n\n');
}

async function bannerLines(
  config: Config,
  server: RunningServer,
  { firstStartToken, organisationId, webhookEndpoint, firstSignInLink }: BootstrapResult,
  certFile: string,
): Promise<string[]> {
  const tokenHints = organisationId
    ? (await server.services.access.listTokens(server.services.db, organisationId))
        .filter((token) => token.status === 'active')
        .map((token) => `${token.token_hint}…`)
    : [];
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
  return lines;
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
