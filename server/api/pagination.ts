import { z } from 'zod';
import { isoTimestamp, wireInteger } from './schemas';

/** `before` / `after` / `limit` (default 50, 1–500), accepted by every cursor-paginated list. */
export const cursorQuery = {
  before: z.string().min(1).max(100).optional(),
  after: z.string().min(1).max(100).optional(),
  limit: wireInteger(1, 500).default(50),
};

/** `created_at[gt|gte|lt|lte]` as ISO 8601 timestamps. */
export const timeRangeQuery = z
  .strictObject({
    gt: isoTimestamp.optional(),
    gte: isoTimestamp.optional(),
    lt: isoTimestamp.optional(),
    lte: isoTimestamp.optional(),
  })
  .transform((r) => ({
    gt: r.gt ? new Date(r.gt) : undefined,
    gte: r.gte ? new Date(r.gte) : undefined,
    lt: r.lt ? new Date(r.lt) : undefined,
    lte: r.lte ? new Date(r.lte) : undefined,
  }));

export const pageOf = (q: { before?: string; after?: string; limit: number }) => ({
  before: q.before,
  after: q.after,
  limit: q.limit,
});
