import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'https://localhost:3000',
      dataDir: './data',
      environment: 'sandbox',
      trustProxy: false,
      versionHeader: 'Service-Version',
      logLevel: 'info',
    });
    expect(c.httpPort).toBeUndefined();
    expect(c.databaseUrl).toBeUndefined();
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8443',
      HOST: '127.0.0.1',
      HTTP_PORT: '8080',
      PUBLIC_URL: 'https://pay.example.com/',
      DATA_DIR: '/var/lib/bankflow',
      DATABASE_URL: 'postgres://u@db:5432/bankflow',
      ENVIRONMENT: 'live',
      SESSION_SECRET: 's'.repeat(32),
      TRUST_PROXY: 'true',
      VERSION_HEADER: 'GoCardless-Version',
      TLS_CERT_FILE: '/c.pem',
      TLS_KEY_FILE: '/k.pem',
      LOG_LEVEL: 'warn',
    });
    expect(c).toMatchObject({
      port: 8443,
      httpPort: 8080,
      publicUrl: 'https://pay.example.com',
      environment: 'live',
      trustProxy: true,
      versionHeader: 'GoCardless-Version',
      databaseUrl: 'postgres://u@db:5432/bankflow',
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ ENVIRONMENT: 'production' }, 'ENVIRONMENT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ VERSION_HEADER: 'Bad Header' }, 'VERSION_HEADER'],
    [{ TLS_CERT_FILE: '/c.pem' }, 'TLS_CERT_FILE'],
    [{ ENVIRONMENT: 'live', BOOTSTRAP_ACCESS_TOKEN: 'x'.repeat(30) }, 'BOOTSTRAP_ACCESS_TOKEN'],
    [{ ENVIRONMENT: 'live', PUBLIC_URL: 'http://pay.example.com' }, 'PUBLIC_URL'],
    [{ ENVIRONMENT: 'live', BOOTSTRAP_WEBHOOK_URL: 'https://merchant.example/hooks' }, 'BOOTSTRAP_WEBHOOK_URL'],
    [{ BOOTSTRAP_WEBHOOK_URL: 'ftp://merchant.example/hooks' }, 'BOOTSTRAP_WEBHOOK_URL'],
    // Dashboard admins with known passwords: scripted sandboxes only, and passwords worth the name.
    [{ BOOTSTRAP_DASHBOARD_ADMIN: 'a@b.example:long enough password' }, 'BOOTSTRAP_DASHBOARD_ADMIN'],
    [
      { BOOTSTRAP_ACCESS_TOKEN: 'x'.repeat(30), BOOTSTRAP_DASHBOARD_ADMIN: 'a@b.example:short' },
      'BOOTSTRAP_DASHBOARD_ADMIN',
    ],
  ])('refuses %j naming %s', (env, name) => {
    try {
      loadConfig(env);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toContain(name);
    }
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', HTTP_PORT: '' }).port).toBe(3000);
  });
});

describe('BOOTSTRAP_DASHBOARD_ADMIN', () => {
  it('takes one or more email:password pairs next to BOOTSTRAP_ACCESS_TOKEN', () => {
    const value = 'a@b.example:long enough password,c@d.example:another long one';
    expect(loadConfig({ BOOTSTRAP_ACCESS_TOKEN: 'x'.repeat(30), BOOTSTRAP_DASHBOARD_ADMIN: value })).toMatchObject({
      bootstrapDashboardAdmin: value,
    });
  });
});
