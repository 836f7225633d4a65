import { z } from 'zod';
import { logoPath, themePath } from '../../domain/branding/service';
import { logoWire, payerThemeWire, serializeLogo, serializePayerTheme } from '../wire/branding';
import { created, defineRoute } from '../route';

const creditorLinks = z.strictObject({ creditor: z.string().min(1).max(64).nullish() }).nullish();

/** `#rrggbb`: the public API's theme colours are hex codes. */
const colour = z
  .string()
  .regex(/^#(?:[0-9A-Fa-f]{6})$/, 'invalid_format')
  .nullish();

/**
 * Public API `logos` and `payer_themes` (createForCreditor): each answers its id and, as
 * `Location`, the public file a payer page loads (decision 0033). There is no GET in the API.
 */
export const brandingRoutes = [
  defineRoute({
    tag: 'Branding',
    resourceKey: 'logos',
    response: logoWire,
    method: 'POST',
    path: '/branding/logos',
    operationId: 'createLogoForCreditor',
    summary: "Set a creditor's logo (PNG, JPEG or SVG, base64; checked by content and resized)",
    kind: 'create',
    status: 201,
    // Bounded by the 1 MiB body; the domain states the image's own limit (512 KB) precisely.
    body: z.strictObject({ image: z.string().min(1).max(1_048_576), links: creditorLinks }),
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const logo = await services.branding.createLogo(tx, actor, body, { idempotencyKey });
      return created('logos', serializeLogo(logo), `${config.publicUrl}${logoPath(logo)}`);
    },
  }),
  defineRoute({
    tag: 'Branding',
    resourceKey: 'payer_themes',
    response: payerThemeWire,
    method: 'POST',
    path: '/branding/payer_themes',
    operationId: 'createPayerThemeForCreditor',
    summary: "Set a creditor's payer page colours (each checked for WCAG AA contrast)",
    kind: 'create',
    status: 201,
    body: z.strictObject({
      button_background_colour: colour,
      content_box_border_colour: colour,
      header_background_colour: colour,
      link_text_colour: colour,
      links: creditorLinks,
    }),
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const theme = await services.branding.createTheme(tx, actor, body, { idempotencyKey });
      return created('payer_themes', serializePayerTheme(theme), `${config.publicUrl}${themePath(theme)}`);
    },
  }),
];
