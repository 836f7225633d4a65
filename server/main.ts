import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { loadRemixPages } from './http/remix';
import { loadSessionSecret } from './http/session-secret';
import { createLogger } from './logger';
import { startServer } from './server';

/** `npm start`: one process serving the API and the payer pages over HTTPS. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const sessionSecret = loadSessionSecret(config.sessionSecret, config.dataDir);
  const remix = await loadRemixPages(config, sessionSecret);
  if (!remix) logger.warn('no Remix build found: serving the API only (run `npm run build` for the payer pages)');

  const server = await startServer({ config, logger, pages: remix?.pages, clientAssetsDir: remix?.clientAssetsDir });
  const { firstStartToken } = await server.ready;

  const lines = [
    '',
    `  bankflow (${config.environment}) is ready`,
    `  API and payer pages: ${config.publicUrl}` +
      (server.url.endsWith(`:${config.port}`) ? '' : `  (listening on ${server.url})`),
    ...(server.httpUrl ? [`  plain HTTP (redirects and 426): ${server.httpUrl}`] : []),
    `  storage: ${server.services.db.kind === 'pglite' ? `PGlite in ${config.dataDir} (development and sandbox only)` : 'Postgres'}`,
  ];
  if (firstStartToken) {
    lines.push(
      '',
      '  Sandbox access token (shown once, stored only as a hash):',
      `    ${firstStartToken}`,
      '',
      `  curl -k ${config.publicUrl}/blocks -H "Authorization: Bearer ${firstStartToken}" \\`,
      `       -H "${config.versionHeader}: 2015-07-06" -H "Accept: application/json"`,
    );
  }
  process.stdout.write(lines.join('\n') + '\n\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info('shutting down', { signal });
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`bankflow failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(1);
});
