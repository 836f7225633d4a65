import net from 'node:net';

/** A port another process listens on: said in one line, before the store is opened or migrated. */
export class PortInUseError extends Error {
  constructor(variable: 'PORT' | 'HTTP_PORT', port: number, host: string) {
    super(
      `${variable} ${port} on ${host} is already in use by another process: stop it, or start with ${variable}=<another port>.`,
    );
    this.name = 'PortInUseError';
  }
}

/**
 * Binds and releases each configured port, so a taken one is reported at once rather than after
 * the migrations (the real listen follows them and reports a port taken meanwhile the same way).
 */
export async function checkPortsFree(config: { host: string; port: number; httpPort?: number }): Promise<void> {
  const ports = [['PORT', config.port] as const, ['HTTP_PORT', config.httpPort] as const];
  for (const [variable, port] of ports) {
    if (!port) continue;
    await new Promise<void>((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'EADDRINUSE' ? new PortInUseError(variable, port, config.host) : error),
      );
      probe.listen({ port, host: config.host, exclusive: true }, () => probe.close(() => resolve()));
    });
  }
}

/** The listen error of a port taken between the check and the listen, as the check would say it. */
export function asPortInUse(error: unknown, config: { host: string; port: number; httpPort?: number }): unknown {
  const failed = error as NodeJS.ErrnoException & { port?: number };
  if (failed?.code !== 'EADDRINUSE') return error;
  const variable = failed.port === config.httpPort && config.httpPort !== config.port ? 'HTTP_PORT' : 'PORT';
  return new PortInUseError(variable, failed.port ?? config.port, config.host);
}
