import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startProblems } from '../../server/config';
import { readyUrl, runServer } from '../support/processes';

/** Issue 21: SMTP settings are checked at start, and live refuses to start without SMTP_URL. */
describe('mail configuration', () => {
  it('reads SMTP_URL, MAIL_FROM and DKIM together, and refuses half a setting', () => {
    const config = loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'n@example.com' });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      from: 'n@example.com',
      timeoutMs: 30_000,
      dkim: undefined,
    });
    expect(loadConfig({}).mail.smtpUrl).toBeUndefined();
    expect(loadConfig({ SMTP_TIMEOUT_MS: '5000' }).mail.timeoutMs).toBe(5_000);
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ SMTP_URL: 'smtp://mail.example.com' })).toEqual([expect.stringMatching(/^MAIL_FROM:/)]);
    expect(problems({ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'n@example.com' })).toEqual([
      expect.stringMatching(/^SMTP_URL:/),
    ]);
    expect(problems({ MAIL_FROM: 'not an address\r\nBcc: x@y.z' })).toEqual([expect.stringMatching(/^MAIL_FROM:/)]);
    expect(problems({ DKIM_DOMAIN: 'example.com' })).toEqual([expect.stringMatching(/^DKIM_DOMAIN:/)]);
    expect(problems({ SMTP_TIMEOUT_MS: '0' })).toEqual([expect.stringMatching(/^SMTP_TIMEOUT_MS:/)]);
  });

  it('live without SMTP_URL is a start problem; the sandbox (the mailbox) is not', () => {
    const live = { ENVIRONMENT: 'live', PUBLIC_URL: 'https://pay.example.com' };
    expect(startProblems(loadConfig(live))).toEqual([expect.stringMatching(/^SMTP_URL:/)]);
    expect(
      startProblems(loadConfig({ ...live, SMTP_URL: 'smtp://m.example.com', MAIL_FROM: 'n@example.com' })),
    ).toEqual([]);
    expect(startProblems(loadConfig({}))).toEqual([]);
  });

  it('the server refuses to start in live without SMTP_URL, naming it', async () => {
    const result = await runServer({
      ENVIRONMENT: 'live',
      PUBLIC_URL: 'https://pay.example.com',
      DATA_DIR: path.join(__dirname, 'never-created'),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^ {2}- SMTP_URL: is required in live/m);
    expect(readyUrl(result.stdout)).toBeUndefined();
  }, 30_000);
});
