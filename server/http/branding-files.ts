import type { Hono } from 'hono';
import type { Services } from '../container';

/** Keyed by id, and an id is never reused for other bytes (a new upload is a new id): cache for good. */
const FOREVER = 'public, max-age=31536000, immutable';

const EXTENSION_OF = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/svg+xml': 'svg' } as const;

/**
 * The files payer pages load for a creditor's branding (decision 0033), public like the pages:
 * the logo, and the stylesheet a payer theme becomes (the pages' CSP allows no inline style).
 * Answered as data whatever the browser guesses: the declared type, nosniff, and a CSP under
 * which even an SVG opened on its own can run and load nothing.
 */
export function addBrandingFileRoutes(app: Hono<any>, services: Services): void {
  app.get('/branding/logos/:file{LO[0-9A-Z]{26}\\.(png|jpg|svg)}', async (c) => {
    const [id, extension] = c.req.param('file').split('.') as [string, string];
    const logo = await services.branding.logoFile(services.db, id);
    if (!logo || EXTENSION_OF[logo.content_type] !== extension) return c.text('Not found', 404);
    return c.body(new Uint8Array(logo.image), 200, {
      'content-type': logo.content_type,
      'cache-control': FOREVER,
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    });
  });

  app.get('/branding/payer_themes/:file{PTH[0-9A-Z]{26}\\.css}', async (c) => {
    const css = await services.branding.themeFile(services.db, c.req.param('file').slice(0, -4));
    if (!css) return c.text('Not found', 404);
    return c.body(css, 200, {
      'content-type': 'text/css; charset=utf-8',
      'cache-control': FOREVER,
      'x-content-type-options': 'nosniff',
    });
  });
}
