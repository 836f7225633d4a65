import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { timeoutOptions } from '../../server/http/connection-limits';
import { readyUrl, runServer } from '../support/processes';

/** Issue 17, "Operations": the limits' defaults, and a start refused with one line per bad setting. */
describe('configuration checked at start', () => {
  it('defaults to headers within 10 s, the whole request within 30 s, capped connections, loopback-only metrics', () => {
    const config = loadConfig({});
    expect(config.limits).toEqual({
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 30_000,
      keepAliveTimeoutMs: 600_000,
      maxRequestsPerConnection: 1000,
      maxConnections: 2048,
      maxConnectionsPerIp: 64,
    });
    expect(timeoutOptions(config.limits)).toMatchObject({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      handshakeTimeout: 10_000,
    });
    expect(config.metricsAllow).toEqual(['127.0.0.1/32', '::1/128']);
    expect(config.payerRateLimitPerMinute).toBe(120);
    expect(loadConfig({ METRICS_ALLOW: 'none' }).metricsAllow).toEqual([]);
  });

  it('refuses to start with one clear line per bad setting, naming each', async () => {
    const bad = {
      PORT: 'eighty',
      HEADERS_TIMEOUT_MS: '5',
      METRICS_ALLOW: '10.0.0.0/99',
      MAX_CONNECTIONS: '0',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://db/bankflow',
    };
    const result = await runServer({
      ...bad,
      DATA_DIR: path.join(__dirname, 'never-created'),
    });
    expect(result.code).toBe(1);
    const problems = result.stderr.split('\n').filter((line) => line.startsWith('  - '));
    expect(problems).toHaveLength(Object.keys(bad).length);
    for (const name of Object.keys(bad)) expect(problems.filter((p) => p.startsWith(`  - ${name}:`))).toHaveLength(1);
    expect(readyUrl(result.stdout)).toBeUndefined();
  }, 30_000);
});
