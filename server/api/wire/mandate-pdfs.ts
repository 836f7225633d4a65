import { z } from 'zod';

/** A mandate PDF on the wire (public API `mandate_pdfs`): a short-lived link, not the file. */
export const mandatePdfWire = z.strictObject({ url: z.string(), expires_at: z.string() });

export const serializeMandatePdf = (link: { url: string; expires_at: Date }): z.output<typeof mandatePdfWire> => ({
  url: link.url,
  expires_at: link.expires_at.toISOString(),
});
