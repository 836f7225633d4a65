import { ConfigError, loadConfig, startProblems } from './config';
import { DataDirLockedError } from './db/lock';
import { asPortInUse, checkPortsFree, PortInUseError } from './http/port-check';
import { loadRemixPages } from './http/remix';
import { loadSessionSecret } from './http/session-secret';
import { createLogger } from './logger';
import { startServer, type RunningServer } from './server';
import { announceReady } from './start-banner';
import { startEventLoopWatchdog } from './watchdog';

/** `npm start` (node on build/service/main.js): one process serving the API and the pages over HTTPS. */
async function main() {
  const config = loadConfig();
  const problems = startProblems(config);
  if (problems.length) throw new ConfigError(problems);
  const logger = createLogger(config.logLevel);

  // Handlers first: a signal while the store opens is served once the server exists (a drain of
  // nothing), rather than killing the process half-way through PGlite's first write.
  let serverStarted!: (server: RunningServer) => void;
  const startedServer = new Promise<RunningServer>((resolve) => (serverStarted = resolve));
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const server = await startedServer;
    logger.info('shutting down', { signal });
    await server.close();
    logger.info('stopped', { signal });
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await checkPortsFree(config);
  const sessionSecret = loadSessionSecret(config.sessionSecret, config.dataDir);
  const remix = await loadRemixPages(config, sessionSecret);
  if (!remix) logger.warn('no Remix build found: serving the API only (run `npm run build` for the payer pages)');
  const server = await startServer({
    config,
    logger,
    pages: remix?.pages,
    clientAssetsDir: remix?.clientAssetsDir,
  }).catch((error: unknown) => Promise.reject(asPortInUse(error, config)));
  serverStarted(server);
  const started = await server.ready;
  if (closing) return;
  // Armed only now: a slow start on a busy machine is not a stalled loop (issue 41).
  if (config.watchdogStallMs > 0) startEventLoopWatchdog(config.watchdogStallMs);
  await announceReady(config, server, started, logger);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof PortInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`bankflow failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(1);
});
