import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageClient } from '../support/browser';
import { dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * The settings page: the creditor's display name and contact, its logo (a multipart upload, as a
 * browser without JavaScript sends it) and its payer theme, through the same services as the API's
 * (the same refusals: contrast, unsafe SVG), each refusal next to its field; the live approvals
 * read only; a viewer sees the settings and is refused every write (403), nothing written.
 */
let server: TestServer;
let m: Merchant;
let admin: PageClient;
let email: string;

beforeAll(async () => {
  server = await startPagesServer();
  m = await server.merchant('Settings merchant');
  email = (await dashboardUser(server, m.organisationId, 'admin')).email;
  admin = await signedInAs(server, email);
});
afterAll(() => server?.close());

const creditor = async () => (await m.api.get(`/creditors/${m.creditorId}`)).body.creditors;
const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40">${inner}</svg>`;

/** A multipart form as a browser sends a file input (the SVG is text, so the body can be one). */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; content: string }) {
  const boundary = '----bankflowtest7f3a';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  if (file)
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n${file.content}\r\n`,
    );
  return { body: `${parts.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

const fieldError = (html: string, field: string) => new RegExp(`id="${field}-error"`).test(html);

describe('the settings page', () => {
  it('shows the creditor’s details, branding and the live approvals read only', async () => {
    const page = await admin.get('/dashboard/settings');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.html).toContain(`value="${(await creditor()).name}"`);
    expect(page.html).toContain('Own payment pages approved');
    expect(page.html).toContain('No logo yet.');
    expect(page.html).toMatch(/enctype="multipart\/form-data"/i);
  });

  it('saves the name and contact through the creditors service, the user as the events’ source', async () => {
    const csrf = admin.csrfOf((await admin.get('/dashboard/settings')).html);
    const form = {
      csrf,
      intent: 'details',
      creditor: m.creditorId,
      name: 'Acme Gym',
      email: 'help@acme.example',
      phone: '+44 20 7946 0000',
    };
    const done = await admin.post('/dashboard/settings', form);
    expect(done.status).toBe(303);
    expect(done.location).toBe(`/dashboard/settings?creditor=${m.creditorId}&done=details`);
    const saved = await creditor();
    expect([saved.name, saved.email, saved.phone_number]).toEqual([
      'Acme Gym',
      'help@acme.example',
      '+44 20 7946 0000',
    ]);
    const events = (await m.api.get(`/events?creditor=${m.creditorId}&action=updated`)).body.events;
    expect(events.map((e: { source: unknown }) => e.source)).toContainEqual({ type: 'user', name: email });

    for (const [field, bad] of [
      ['name', ''],
      ['email', 'not-an-email'],
      ['phone', 'call me'],
      ['name', 'a\u0000b'],
      ['email', 'x'.repeat(300)],
    ] as const) {
      const refused = await admin.post('/dashboard/settings', { ...form, [field]: bad });
      expect(refused.status, `${field}=${bad.slice(0, 10)}`).toBe(400);
      expect(fieldError(refused.html, field), field).toBe(true);
      expect(refused.html).toContain('class="error-summary"');
    }
    expect((await creditor()).name).toBe('Acme Gym');
  });

  it('saves colours that read well and shows a contrast refusal next to its field, nothing saved', async () => {
    const csrf = admin.csrfOf((await admin.get('/dashboard/settings')).html);
    const form = {
      csrf,
      intent: 'theme',
      creditor: m.creditorId,
      button_background_colour: '#00703c',
      link_text_colour: '',
    };
    const done = await admin.post('/dashboard/settings', form);
    expect(done.status).toBe(303);
    const page = await admin.get(done.location!);
    expect(page.html).toContain('The colours were saved.');
    expect(page.html).toContain('value="#00703c"');

    const pale = await admin.post('/dashboard/settings', { ...form, button_background_colour: '#ffff00' });
    expect(pale.status).toBe(400);
    expect(fieldError(pale.html, 'button_background_colour')).toBe(true);
    expect(pale.html).toContain('href="#button_background_colour"');
    const malformed = await admin.post('/dashboard/settings', { ...form, link_text_colour: 'blue' });
    expect(malformed.status).toBe(400);
    expect(fieldError(malformed.html, 'link_text_colour')).toBe(true);
    expect((await admin.get('/dashboard/settings')).html).toContain('value="#00703c"');
  });

  it('uploads a logo as a multipart file and refuses an unsafe or missing one next to the field', async () => {
    const csrf = admin.csrfOf((await admin.get('/dashboard/settings')).html);
    const fields = { csrf, intent: 'logo', creditor: m.creditorId };
    const good = multipart(fields, {
      name: 'logo.svg',
      type: 'image/svg+xml',
      content: svg('<rect width="200" height="40" fill="#123"/>'),
    });
    const done = await admin.postRaw('/dashboard/settings', good.body, good.type);
    expect(done.status).toBe(303);
    const page = await admin.get('/dashboard/settings');
    const src = /<img src="(\/branding\/logos\/LO[0-9A-Z]+\.svg)"/.exec(page.html)?.[1];
    expect(src).toBeDefined();
    expect((await admin.get(src!)).status).toBe(200);

    const unsafe = multipart(fields, {
      name: 'x.svg',
      type: 'image/svg+xml',
      content: svg('<script>alert(1)</script>'),
    });
    const refused = await admin.postRaw('/dashboard/settings', unsafe.body, unsafe.type);
    expect(refused.status).toBe(400);
    expect(fieldError(refused.html, 'logo')).toBe(true);
    const missing = multipart(fields);
    expect((await admin.postRaw('/dashboard/settings', missing.body, missing.type)).status).toBe(400);
    const notImage = multipart(fields, { name: 'a.png', type: 'image/png', content: 'hello' });
    expect((await admin.postRaw('/dashboard/settings', notImage.body, notImage.type)).status).toBe(400);
    expect((await admin.get('/dashboard/settings')).html).toContain(src!);

    // The settings page alone takes a file: up to 520 KiB there, 16 KiB on every other dashboard form.
    const big = multipart(fields, { name: 'big.svg', type: 'image/svg+xml', content: 'x'.repeat(520 * 1024 - 2000) });
    expect((await admin.postRaw('/dashboard/settings', big.body, big.type)).status).toBe(400);
    const elsewhere = multipart({ csrf, name: 'x'.repeat(20 * 1024) });
    expect((await admin.postRaw('/dashboard/developers?index', elsewhere.body, elsewhere.type)).status).toBe(413);
  });

  it('refuses a viewer’s writes (403), another organisation’s creditor (404) and a missing CSRF token', async () => {
    const viewer = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'viewer')).email);
    const seen = await viewer.get('/dashboard/settings');
    expect(seen.status).toBe(200);
    expect(seen.html).toContain('Only an admin can change the settings.');
    const csrf = viewer.csrfOf(seen.html);
    const before = (await creditor()).name;
    for (const intent of ['details', 'theme'])
      expect((await viewer.post('/dashboard/settings', { csrf, intent, name: 'Viewer' })).status).toBe(403);
    const upload = multipart({ csrf, intent: 'logo' }, { name: 'l.svg', type: 'image/svg+xml', content: svg('') });
    expect((await viewer.postRaw('/dashboard/settings', upload.body, upload.type)).status).toBe(403);
    expect((await creditor()).name).toBe(before);

    const adminCsrf = admin.csrfOf((await admin.get('/dashboard/settings')).html);
    expect((await admin.post('/dashboard/settings', { intent: 'details', name: 'No token' })).status).toBe(403);
    const other = await server.merchant('Another settings merchant');
    expect((await admin.get(`/dashboard/settings?creditor=${other.creditorId}`)).status).toBe(404);
    const cross = await admin.post('/dashboard/settings', {
      csrf: adminCsrf,
      intent: 'details',
      creditor: other.creditorId,
      name: 'Taken over',
    });
    expect(cross.status).toBe(404);
    expect((await other.api.get(`/creditors/${other.creditorId}`)).body.creditors.name).not.toBe('Taken over');
  });

  it('sets the payer notices the merchant sends itself (admins only), refusing a type not on the list', async () => {
    const before = await admin.get('/dashboard/settings');
    expect(before.html).toContain('Payment created (advance notice)');
    expect(before.html).not.toMatch(/id="notice-payment_created"[^>]*checked/);
    const csrf = admin.csrfOf(before.html);
    const form = (notices: string[]) =>
      new URLSearchParams([
        ['csrf', csrf],
        ['intent', 'notices'],
        ['creditor', m.creditorId],
        ...notices.map((n) => ['notice', n]),
      ]).toString();
    const urlencoded = 'application/x-www-form-urlencoded';
    const done = await admin.postRaw('/dashboard/settings', form(['payment_created', 'mandate_blocked']), urlencoded);
    expect(done.status).toBe(303);
    expect(done.location).toBe(`/dashboard/settings?creditor=${m.creditorId}&done=notices`);
    const { notifications, db } = server.services;
    const actor = m.actor;
    expect(await notifications.takeoversOf(db, actor, m.creditorId)).toEqual(['mandate_blocked', 'payment_created']);
    const after = await admin.get(`/dashboard/settings?creditor=${m.creditorId}&done=notices`);
    expect(after.html).toContain('The payer notices were saved.');
    expect(after.html).toMatch(/id="notice-payment_created"[^>]*checked/);
    expect(after.html).not.toMatch(/id="notice-mandate_created"[^>]*checked/);

    // A value that is not a notice type: refused beside the list, nothing changed.
    const bad = await admin.postRaw('/dashboard/settings', form(['payment_created', 'payment_failed']), urlencoded);
    expect(bad.status).toBe(400);
    expect(fieldError(bad.html, 'notices')).toBe(true);
    expect(await notifications.takeoversOf(db, actor, m.creditorId)).toEqual(['mandate_blocked', 'payment_created']);

    // Nothing ticked: bankflow sends every notice again.
    expect((await admin.postRaw('/dashboard/settings', form([]), urlencoded)).status).toBe(303);
    expect(await notifications.takeoversOf(db, actor, m.creditorId)).toEqual([]);

    const viewer = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'viewer')).email);
    const seen = await viewer.get('/dashboard/settings');
    expect(seen.html).toContain('bankflow sends it');
    const refused = await viewer.post('/dashboard/settings', {
      csrf: viewer.csrfOf(seen.html),
      intent: 'notices',
      notice: 'payment_created',
    });
    expect(refused.status).toBe(403);
    expect(await notifications.takeoversOf(db, actor, m.creditorId)).toEqual([]);
  });

  // Last in the file: a connection the server closed mid-upload must not be reused by a later request.
  it('holds the sandbox organisation’s payouts back (issue 39, decision 0073) and lets them go, as PUT /sandbox/settings does; a viewer cannot', async () => {
    const page = await admin.get('/dashboard/settings');
    expect(page.html).toContain('Sandbox funds');
    const held = await admin.post('/dashboard/settings', {
      csrf: admin.csrfOf(page.html),
      intent: 'sandbox',
      creditor: m.creditorId,
      hold_payouts: 'true',
    });
    expect(held.status).toBe(303);
    expect(held.location).toContain('done=sandbox');
    expect((await m.api.get('/sandbox/settings')).body.sandbox_settings).toEqual({ hold_payouts: true });
    const after = await admin.get('/dashboard/settings');
    expect(after.html).toContain('Pay out what is held');

    const viewer = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'viewer')).email);
    const seen = await viewer.get('/dashboard/settings');
    const refused = await viewer.post('/dashboard/settings', {
      csrf: viewer.csrfOf(seen.html),
      intent: 'sandbox',
      creditor: m.creditorId,
      hold_payouts: 'false',
    });
    expect(refused.status).toBe(403);
    expect((await m.api.get('/sandbox/settings')).body.sandbox_settings).toEqual({ hold_payouts: true });

    const released = await admin.post('/dashboard/settings', {
      csrf: admin.csrfOf(after.html),
      intent: 'sandbox',
      creditor: m.creditorId,
      hold_payouts: 'false',
    });
    expect(released.status).toBe(303);
    expect((await m.api.get('/sandbox/settings')).body.sandbox_settings).toEqual({ hold_payouts: false });
  });

  it('refuses a form larger than a logo can be before reading it, nothing stored', async () => {
    const { branding, db } = server.services;
    const before = (await branding.brandingOf(db, m.creditorId)).logo?.url;
    // Refused before it is read: 413, or the connection closed while the client is still sending.
    const huge = multipart(
      { csrf: admin.csrfOf((await admin.get('/dashboard/settings')).html), intent: 'logo', creditor: m.creditorId },
      { name: 'big.svg', type: 'image/svg+xml', content: 'x'.repeat(540 * 1024) },
    );
    const answer = await admin.postRaw('/dashboard/settings', huge.body, huge.type).then(
      (res) => res.status,
      () => 'closed',
    );
    expect([413, 'closed']).toContain(answer);
    expect((await branding.brandingOf(db, m.creditorId)).logo?.url).toBe(before);
  });
});
