/**
 * `npm run bench:flow`: walks the hosted payer flow in Debian's Chromium and reports, per step,
 * the bytes transferred (compressed, every resource the page loads) and the time to first byte
 * of its document. The creditor is branded first (a logo and a payer theme, issue #22), so the
 * figures include them. The budget is 15 KB per step (issue #18). Starts its own server (the build's, as `npm start` runs it, on a
 * temporary DATA_DIR) unless BENCH_URL and BENCH_TOKEN point at a running one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { ensureBuild, freePort, request, startProcess } from './bench/common';

const BUDGET_KB = 15;

/** A two-colour 600×120 logo, as a merchant might upload: the server scales it to 400×80. */
function sampleLogo(): string {
  const image = new PNG({ width: 600, height: 120 });
  for (let i = 0; i < 600 * 120; i++) image.data.set(i % 600 < 200 ? [10, 60, 140, 255] : [255, 255, 255, 255], i * 4);
  return PNG.sync.write(image).toString('base64');
}

const TOKEN = process.env.BENCH_TOKEN ?? 'sandbox_flow_weight_token_0000000000000';

async function startServer(): Promise<{ url: string; stop: () => void }> {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL, stop: () => {} };
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-flow-weight-'));
  ensureBuild();
  const child = await startProcess(
    process.execPath,
    ['build/service/main.js'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `https://localhost:${port}`,
      DATA_DIR: dir,
      BOOTSTRAP_ACCESS_TOKEN: TOKEN,
      LOG_LEVEL: 'error',
    },
    async () => (await request('GET', `https://127.0.0.1:${port}/health`, {}).catch(() => undefined))?.status === 200,
  );
  return { url: `https://localhost:${port}`, stop: () => child.kill('SIGTERM') };
}

async function api(base: string, p: string, body: unknown) {
  const res = await fetch(`${base}${p}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${TOKEN}`,
      'service-version': '2015-07-06',
      accept: 'application/json',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, any>;
}

interface Measure {
  step: string;
  bytes: number;
  requests: number;
  ttfbMs: number;
}

/** Loads the page `load` leads to and measures what it transferred. */
async function measure(page: Page, step: string, load: () => Promise<unknown>): Promise<Measure> {
  let bytes = 0;
  let requests = 0;
  let ttfbMs = 0;
  const onResponse = async (response: import('@playwright/test').Response) => {
    const sizes = await response
      .request()
      .sizes()
      .catch(() => null);
    if (!sizes) return;
    requests++;
    bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    if (response.request().resourceType() === 'document' && response.status() === 200)
      ttfbMs = response.request().timing().responseStart;
  };
  page.on('response', onResponse);
  await load();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return { step, bytes, requests, ttfbMs: Math.round(ttfbMs) };
}

async function main() {
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'; // the server's certificate is self-signed
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  const page = await context.newPage();
  const results: Measure[] = [];
  try {
    await api(server.url, '/branding/logos', { logos: { image: sampleLogo() } });
    await api(server.url, '/branding/payer_themes', {
      payer_themes: { button_background_colour: '#00703c', header_background_colour: '#0b0c0c' },
    });
    const br = (
      await api(server.url, '/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } })
    ).billing_requests;
    const flow = (
      await api(server.url, '/billing_request_flows', { billing_request_flows: { links: { billing_request: br.id } } })
    ).billing_request_flows;
    results.push(await measure(page, 'currency', () => page.goto(flow.authorisation_url)));
    results.push(await measure(page, 'details', () => page.getByRole('button', { name: 'Continue' }).click()));
    await page.getByLabel('First name').fill('Jane');
    await page.getByLabel('Last name').fill('Doe');
    await page.getByLabel('Email address').fill('jane@example.com');
    await page.getByLabel('Address line 1').fill('1 High St');
    await page.getByLabel('Town or city').fill('London');
    await page.getByLabel('Postcode').fill('E1 6AN');
    await page.getByLabel('Country').selectOption('GB');
    results.push(await measure(page, 'account', () => page.getByRole('button', { name: 'Continue' }).click()));
    await page.getByLabel('Sort code').fill('200000');
    await page.getByLabel('Account number').fill('55779911');
    results.push(await measure(page, 'confirm', () => page.getByRole('button', { name: 'Continue' }).click()));
    // Bacs asks whether the payer alone may authorise debits on the account.
    await page
      .getByRole('group', { name: /by yourself/ })
      .getByLabel('Yes')
      .check();
    results.push(await measure(page, 'success', () => page.getByRole('button', { name: 'Confirm' }).click()));

    const instant = (
      await api(server.url, '/billing_requests', {
        billing_requests: { payment_request: { amount: 1000, currency: 'GBP' } },
      })
    ).billing_requests;
    const instantFlow = (
      await api(server.url, '/billing_request_flows', {
        billing_request_flows: { links: { billing_request: instant.id } },
      })
    ).billing_request_flows;
    await page.goto(instantFlow.authorisation_url);
    await page.getByLabel('First name').fill('Jane');
    await page.getByLabel('Last name').fill('Doe');
    await page.getByLabel('Email address').fill('jane@example.com');
    results.push(await measure(page, 'bank', () => page.getByRole('button', { name: 'Continue' }).click()));
    results.push(
      await measure(page, 'authorise (with QR code)', () => page.getByRole('button', { name: 'Select Monzo' }).click()),
    );
    results.push(await measure(page, 'sandbox bank', () => page.getByRole('link', { name: /Continue to/ }).click()));
  } finally {
    await browser.close();
    server.stop();
  }
  console.log(
    '\nHosted flow, phone viewport, Chromium; the first page with an empty cache, later ones with the cache a payer has by then\n',
  );
  console.log(`| step | transferred (KB) | requests | TTFB (ms) | within ${BUDGET_KB} KB |`);
  console.log('| --- | ---: | ---: | ---: | :---: |');
  for (const r of results)
    console.log(
      `| ${r.step} | ${(r.bytes / 1024).toFixed(1)} | ${r.requests} | ${r.ttfbMs} | ${r.bytes <= BUDGET_KB * 1024 ? 'yes' : 'NO'} |`,
    );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
