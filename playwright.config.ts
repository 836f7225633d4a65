import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

/**
 * Journeys in Debian's Chromium against the built server (`npm start`'s build/service/main.js),
 * started fresh (empty PGlite data directory, a known sandbox token) for every run. No browser
 * download: /usr/bin/chromium.
 */
// A free port, picked once by the runner: its workers load this file again and inherit the
// variable, so every process agrees. E2E_PORT=… chooses one.
process.env.E2E_PORT ||= execFileSync(process.execPath, [
  '-e',
  "const s = require('net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
]).toString();
export const E2E_PORT = Number(process.env.E2E_PORT);
export const E2E_TOKEN = 'sandbox_e2e_token_for_playwright_0001';
/** Dashboard admins the journeys sign in as: one keeps TOTP off, one per project turns it on. */
export const E2E_ADMIN = { email: 'admin@e2e.example', password: 'e2e dashboard password 0001' };
export const E2E_TOTP_ADMINS: Record<string, { email: string; password: string }> = {
  desktop: { email: 'totp-desktop@e2e.example', password: 'e2e dashboard password 0002' },
  phone: { email: 'totp-phone@e2e.example', password: 'e2e dashboard password 0003' },
};
const dataDir = '.cache/e2e-data';

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
  ignoreHTTPSErrors: true,
};

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Journeys walk several pages with axe on each; 30 s (the default) was met only on a quiet machine.
  timeout: 60_000,
  // Every journey's last page is kept as a screenshot in the HTML report (playwright-report/, issue #38).
  reporter: [['list'], ['html', { open: 'never' }]],
  use: { baseURL: `https://localhost:${E2E_PORT}`, trace: 'retain-on-failure', screenshot: 'on' },
  projects: [
    { name: 'desktop', use: chromium },
    {
      name: 'phone',
      use: { ...chromium, ...devices['Pixel 7'], launchOptions: chromium.launchOptions, ignoreHTTPSErrors: true },
    },
  ],
  webServer: {
    command: `node scripts/build.mjs --if-stale && rm -rf ${dataDir} && exec node build/service/main.js`,
    url: `https://localhost:${E2E_PORT}/health`,
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `https://localhost:${E2E_PORT}`,
      DATA_DIR: dataDir,
      BOOTSTRAP_ACCESS_TOKEN: E2E_TOKEN,
      BOOTSTRAP_DASHBOARD_ADMIN: [E2E_ADMIN, ...Object.values(E2E_TOTP_ADMINS)]
        .map((a) => `${a.email}:${a.password}`)
        .join(','),
      LOG_LEVEL: 'warn',
      // Every journey comes from 127.0.0.1: the per-address payer limit (tested on its own) is lifted.
      PAYER_RATE_LIMIT_PER_MINUTE: '1000000',
    },
  },
});
