import type { z } from 'zod';

/**
 * What `/openapi.json` says of a schema whose zod form cannot say it: a transform over `unknown`
 * (which picks its form by the input's JSON shape to report errors on the right field) documents
 * as `{}` otherwise. The registered schema is for the document only; the zod one still validates.
 */
export const documentedAs = new WeakMap<z.core.$ZodType, z.ZodType>();
