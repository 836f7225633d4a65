import { z } from 'zod';

/** Public API `funds_availability`: whether a mandate's account can take an amount now. */
export const fundsAvailabilityWire = z.strictObject({ available: z.boolean() });
