import { z } from 'zod';
import type { LogoSummary } from '../../domain/branding/logo-queries';
import type { PayerThemeRow } from '../../domain/branding/theme-queries';

/** A logo on the wire (public API `logos`: the id alone). */
export const logoWire = z.strictObject({ id: z.string() });

/** A payer theme on the wire (public API `payer_themes`: the id alone). */
export const payerThemeWire = z.strictObject({ id: z.string() });

export const serializeLogo = (row: LogoSummary): z.output<typeof logoWire> => ({ id: row.id });

export const serializePayerTheme = (row: PayerThemeRow): z.output<typeof payerThemeWire> => ({ id: row.id });
