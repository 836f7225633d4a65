import https from 'node:https';
import gocardless, { Environments } from 'gocardless-nodejs';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/** The real official Node client's `logos.createForCreditor` and `payerThemes.createForCreditor` (issue #22). */
let server: TestServer;
let merchant: Merchant;
let client: ReturnType<typeof gocardless>;

beforeAll(async () => {
  server = await startTestServer({ env: { VERSION_HEADER: 'GoCardless-Version' } });
  merchant = await server.merchant();
  const base = new URL(server.url);
  const agent = new https.Agent({
    host: base.hostname,
    port: Number(base.port),
    servername: base.hostname,
    rejectUnauthorized: false,
  });
  client = gocardless(merchant.token, Environments.Sandbox, { proxy: { https: agent } } as never);
});
afterAll(() => server?.close());

describe('the official client', () => {
  it('sets a logo and a payer theme for the creditor', async () => {
    const image = new PNG({ width: 40, height: 40 });
    image.data.fill(90);
    const logo = await client.logos.createForCreditor({
      image: `data:image/png;base64,${PNG.sync.write(image).toString('base64')}`,
      links: { creditor: merchant.creditorId },
    });
    expect(logo.id).toMatch(/^LO/);
    const theme = await client.payerThemes.createForCreditor({
      button_background_colour: '#1d70b8',
      link_text_colour: '#1d70b8',
      links: { creditor: merchant.creditorId },
    });
    expect(theme.id).toMatch(/^PTH/);
  });

  it('raises a validation error naming the failing colour', async () => {
    const refused = await client.payerThemes
      .createForCreditor({ link_text_colour: '#cccccc', links: { creditor: merchant.creditorId } })
      .catch((error: unknown) => error as { errorType: string; errors: { reason: string; field: string }[] });
    expect(refused).toMatchObject({
      errorType: 'validation_failed',
      errors: [{ reason: 'insufficient_colour_contrast', field: 'link_text_colour' }],
    });
  });
});
