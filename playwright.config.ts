import { defineConfig, devices } from '@playwright/test';

/**
 * Journeys in Debian's Chromium against the built server, started fresh (empty PGlite data
 * directory, a known sandbox token) for every run. No browser download: /usr/bin/chromium.
 */
export const E2E_PORT = 3443;
export const E2E_TOKEN = 'sandbox_e2e_token_for_playwright_0001';
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
  reporter: [['list']],
  use: { baseURL: `https://localhost:${E2E_PORT}`, trace: 'retain-on-failure' },
  projects: [
    { name: 'desktop', use: chromium },
    {
      name: 'phone',
      use: { ...chromium, ...devices['Pixel 7'], launchOptions: chromium.launchOptions, ignoreHTTPSErrors: true },
    },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && tsx server/main.ts`,
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
      LOG_LEVEL: 'warn',
    },
  },
});
