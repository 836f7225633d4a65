import https from 'node:https';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/** Issue #22 (Branding): a creditor's logo and payer theme through the public API, on both stores. */
let server: TestServer;
let m: Merchant;
let other: Merchant;

beforeAll(async () => {
  server = await startTestServer();
  m = await server.merchant();
  other = await server.merchant();
});
afterAll(() => server?.close());

const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

/** A PNG of the given size: a flat colour with a darker band, which compresses like a real logo. */
function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) {
    const band = Math.floor(i / width) % 20 < 10;
    image.data.set(band ? [10, 60, 140, 255] : [250, 250, 250, 255], i * 4);
  }
  return PNG.sync.write(image);
}

function noisyPng(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i++) image.data[i] = Math.floor(Math.random() * 256);
  return PNG.sync.write(image);
}

function smallJpeg(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4, 200);
  return jpeg.encode({ width, height, data }, 80).data;
}

/** A PNG whose header claims a size, over a body that is not there. */
function pngHeaderClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
}

const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (inner: string, attributes = 'width="200" height="40"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" ${attributes}>${inner}</svg>`;

const logo = (image: string, creditor = m.creditorId) => ({ logos: { image, links: { creditor } } });
const key = (k: string) => ({ headers: { 'idempotency-key': k } });

async function fetchFile(path: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    https
      .get(new URL(path, server.url), { rejectUnauthorized: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const logosOf = async (creditorId: string) =>
  (
    await server.services.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM creditor_logos WHERE creditor_id = $1',
      [creditorId],
    )
  ).rows[0]!.n;

function refusal(res: { status: number; body: any }, reason: string) {
  expect(res.status).toBe(422);
  expect(res.body.error.type).toBe('validation_failed');
  expect(res.body.error.errors[0].reason).toBe(reason);
  return res.body.error.errors[0];
}

describe('POST /branding/logos', () => {
  it('stores a PNG resized to fit the header, serves it from a cacheable URL and links it from the creditor', async () => {
    const res = await m.api.post('/branding/logos', logo(b64(png(1200, 300))), key('logo-1'));
    expect(res.status).toBe(201);
    const id = res.body.logos.id as string;
    expect(id).toMatch(/^LO[0-9A-Z]{26}$/);
    expect(res.headers.location).toBe(`${server.config.publicUrl}/branding/logos/${id}.png`);

    const file = await fetchFile(`/branding/logos/${id}.png`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toContain('immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const stored = PNG.sync.read(file.body);
    expect([stored.width, stored.height]).toEqual([320, 80]);

    const creditor = (await m.api.get(`/creditors/${m.creditorId}`)).body.creditors;
    expect(creditor.logo_url).toBe(`${server.config.publicUrl}/branding/logos/${id}.png`);
    // The same key again names the logo it made, and nothing more is written.
    const again = await m.api.post('/branding/logos', logo(b64(png(1200, 300))), key('logo-1'));
    expect(again.status).toBe(409);
    expect(again.body.error.errors[0].reason).toBe('idempotent_creation_conflict');
    expect(again.body.error.errors[0].links.conflicting_resource_id).toBe(id);
  });

  it('decides the type from the bytes: a JPEG declared as SVG is a JPEG; a new logo replaces the old file', async () => {
    const first = await m.api.post('/branding/logos', logo(b64(png(100, 20))));
    const res = await m.api.post('/branding/logos', logo(`data:image/svg+xml;base64,${b64(smallJpeg(40, 40))}`));
    expect(res.status).toBe(201);
    expect(res.headers.location).toMatch(/\.jpg$/);
    expect((await fetchFile(new URL(res.headers.location as string).pathname)).headers['content-type']).toBe(
      'image/jpeg',
    );
    expect((await fetchFile(`/branding/logos/${first.body.logos.id}.png`)).status).toBe(404);
    expect(await logosOf(m.creditorId)).toBe(1);
  });

  it('takes a drawing whose every element and attribute is on the allow-list, as it came', async () => {
    const drawing = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#123"/></linearGradient></defs>' +
        '<style>.t{font-family:sans-serif}</style><rect fill="url(#g)" width="200" height="40"/><use xlink:href="#g"/>' +
        '<svg:text xmlns:svg="http://www.w3.org/2000/svg" class="t" x="4" y="30">Acme</svg:text>',
      `${XLINK} width="200" height="40"`,
    );
    const res = await m.api.post('/branding/logos', logo(b64(drawing)));
    expect(res.status).toBe(201);
    const file = await fetchFile(new URL(res.headers.location as string).pathname);
    expect(file.body.toString('utf8')).toBe(drawing);
  });

  it('takes a plain SVG as it is, served under a CSP that runs and loads nothing', async () => {
    const res = await m.api.post('/branding/logos', logo(b64(svg('<rect width="200" height="40" fill="#123"/>'))));
    expect(res.status).toBe(201);
    const file = await fetchFile(new URL(res.headers.location as string).pathname);
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('refuses content that is not a PNG, JPEG or SVG, whatever it is declared as', async () => {
    const cases = [
      b64('just some text'),
      `data:image/png;base64,${b64('GIF89a\u0001\u0000\u0001\u0000')}`,
      'not base64 at all!',
      b64(Buffer.concat([pngHeaderClaiming(10, 10), Buffer.from('broken body')])),
    ];
    for (const image of cases) {
      const item = refusal(await m.api.post('/branding/logos', logo(image)), 'image_type_not_supported');
      expect(item.field).toBe('image');
    }
    expect(await logosOf(other.creditorId)).toBe(0);
  });

  it('refuses oversize images: too many bytes, too many pixels, or still too heavy for a page once resized', async () => {
    const huge = Buffer.concat([png(10, 10), Buffer.alloc(520 * 1024)]);
    expect(
      refusal(await other.api.post('/branding/logos', logo(b64(huge), other.creditorId)), 'image_too_large'),
    ).toMatchObject({ field: 'image', metadata: { max: '512 KB' } });
    const bomb = pngHeaderClaiming(50_000, 50_000);
    expect(
      refusal(await other.api.post('/branding/logos', logo(b64(bomb), other.creditorId)), 'image_too_large').metadata,
    ).toEqual({ max: '3000×3000 px' });
    const noisy = noisyPng(400, 80);
    expect(
      refusal(await other.api.post('/branding/logos', logo(b64(noisy), other.creditorId)), 'image_too_large').metadata,
    ).toEqual({ max: '5 KB' });
    expect(await logosOf(other.creditorId)).toBe(0);
  });

  it('refuses SVGs that could run or load something', async () => {
    const hostile: [string, string][] = [
      [svg('<script>alert(1)</script>'), 'script'],
      [svg('<rect width="1" height="1"/>', 'width="10" height="10" onload="alert(1)"'), 'event_handler'],
      [svg('<foreignObject><div>hi</div></foreignObject>'), 'foreign_object'],
      [svg('<image href="https://evil.example/x.png" width="1" height="1"/>'), 'external_reference'],
      [svg('<rect fill="url(https://evil.example/#p)" width="1" height="1"/>'), 'external_reference'],
      [svg('<a xlink:href="javascript:alert(1)"><rect width="1" height="1"/></a>', XLINK), 'script'],
      [`<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]>${svg('<text>&a;</text>')}`, 'entity'],
      // Past a deny-list of names (issue #40.5): a script in the XHTML namespace, an animation that sets a handler.
      [svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'), 'script'],
      [
        svg('<rect width="1" height="1"><set attributeName="onmouseover" to="alert(1)"/></rect>'),
        'element_not_allowed',
      ],
      // Nothing off the allow-list, in any namespace; and the parse is strict XML.
      [svg('<h:div xmlns:h="http://www.w3.org/1999/xhtml">hi</h:div>'), 'element_not_allowed'],
      [svg('<rect width="1" height="1" data-x="1"/>'), 'attribute_not_allowed'],
      [svg('<rect style="fill:u\\72l(https://evil.example/)" width="1" height="1"/>'), 'external_reference'],
      [svg('<a xlink:href="#x"><rect width="1" height="1"/></a>'), 'not_well_formed'],
      [
        `<?xml-stylesheet href="https://evil.example/a.css"?>${svg('<rect width="1" height="1"/>')}`,
        'external_reference',
      ],
    ];
    for (const [image, problem] of hostile) {
      const item = refusal(
        await other.api.post('/branding/logos', logo(b64(image), other.creditorId)),
        'image_svg_unsafe',
      );
      expect(item.metadata, image).toEqual({ problem });
    }
    expect(await logosOf(other.creditorId)).toBe(0);
  });

  it("answers 404 for another organisation's creditor and refuses a read-only token", async () => {
    const foreign = await m.api.post('/branding/logos', logo(b64(png(40, 40)), other.creditorId));
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.errors[0].reason).toBe('link_not_found');
    const readOnly = await m.readOnly.post('/branding/logos', logo(b64(png(40, 40))));
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error.errors[0].reason).toBe('insufficient_permissions');
    expect(await logosOf(other.creditorId)).toBe(0);
  });

  it('refuses a malformed body with a clear 4xx and writes nothing', async () => {
    for (const body of [{ logos: {} }, { logos: { image: 42 } }, { logos: { image: 'a\u0000b' } }, { logo: {} }]) {
      const res = await other.api.post('/branding/logos', body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await logosOf(other.creditorId)).toBe(0);
  });
});

describe('the creditor’s contact for the payer pages', () => {
  it('takes an email and phone number on PUT /creditors, refusing an email that is not one', async () => {
    const bad = await other.api.put(`/creditors/${other.creditorId}`, { creditors: { email: 'not an email' } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.errors[0]).toMatchObject({ field: 'email' });
    const res = await other.api.put(`/creditors/${other.creditorId}`, {
      creditors: { email: 'help@acme.example', phone_number: '+44 20 7946 0000' },
    });
    expect(res.status).toBe(200);
    expect(res.body.creditors).toMatchObject({ email: 'help@acme.example', phone_number: '+44 20 7946 0000' });
    const events = (await other.api.get('/events?resource_type=creditors&action=updated')).body.events;
    expect(events.map((e: { details: { property: string } }) => e.details.property).sort()).toEqual([
      'email',
      'phone_number',
    ]);
  });
});

describe('POST /branding/payer_themes', () => {
  const theme = (colours: Record<string, string>, creditor = m.creditorId) => ({
    payer_themes: { ...colours, links: { creditor } },
  });
  const themesOf = async (creditorId: string) =>
    (
      await server.services.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM payer_themes WHERE creditor_id = $1',
        [creditorId],
      )
    ).rows[0]!.n;

  it('stores colours that read well and serves them as a cacheable stylesheet', async () => {
    const res = await m.api.post(
      '/branding/payer_themes',
      theme({
        button_background_colour: '#00703C',
        link_text_colour: '#1d70b8',
        header_background_colour: '#ffdd00',
        content_box_border_colour: '#505a5f',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.payer_themes.id).toMatch(/^PTH[0-9A-Z]{26}$/);
    const file = await fetchFile(new URL(res.headers.location as string).pathname);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('text/css');
    const css = file.body.toString();
    expect(css).toContain('--button-bg:#00703c');
    // A yellow header is read with dark text.
    expect(css).toContain('--header-fg:#1b1f24');
  });

  it('refuses a low-contrast colour with 422 naming the failing pair', async () => {
    const res = await other.api.post(
      '/branding/payer_themes',
      theme({ button_background_colour: '#ffdd00', link_text_colour: '#aaaaaa' }, other.creditorId),
    );
    expect(res.status).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
    const items = res.body.error.errors as { reason: string; field: string; metadata: Record<string, unknown> }[];
    expect(items.map((e) => [e.reason, e.field, e.metadata.against])).toEqual([
      ['insufficient_colour_contrast', 'button_background_colour', 'button_text'],
      ['insufficient_colour_contrast', 'link_text_colour', 'page_background'],
    ]);
    expect(items[0]!.metadata).toMatchObject({ against_colour: '#ffffff', required: 4.5 });
    const border = await other.api.post(
      '/branding/payer_themes',
      theme({ content_box_border_colour: '#eeeeee' }, other.creditorId),
    );
    expect(border.body.error.errors[0]).toMatchObject({
      field: 'content_box_border_colour',
      metadata: { required: 3 },
    });
    expect(await themesOf(other.creditorId)).toBe(0);
  });

  it("answers 404 for another organisation's creditor, refuses a read-only token and bad colours", async () => {
    const foreign = await m.api.post(
      '/branding/payer_themes',
      theme({ link_text_colour: '#1d70b8' }, other.creditorId),
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.errors[0].reason).toBe('link_not_found');
    const readOnly = await m.readOnly.post('/branding/payer_themes', theme({ link_text_colour: '#1d70b8' }));
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error.errors[0].reason).toBe('insufficient_permissions');
    for (const [bad, status] of [
      ['red', 422],
      ['#12345', 422],
      ['#1d70b8; }', 422],
      [12, 400],
    ] as const) {
      const res = await other.api.post('/branding/payer_themes', {
        payer_themes: { link_text_colour: bad, links: { creditor: other.creditorId } },
      });
      expect(res.status, String(bad)).toBe(status);
    }
    expect(await themesOf(other.creditorId)).toBe(0);
  });
});
