import { LIMITS } from '../constants.js';
import { z } from './zod.js';

/** The response envelope of every non-streamed call. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const ErrorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.null().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** `page` from 1; `pageSize` defaults to 20 and is clamped to 100 rather than refused. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(LIMITS.pageSizeDefault)
    .transform((n) => Math.min(n, LIMITS.pageSizeMax)),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** One server-sent event of a streamed call (ARCHITECTURE.md, "Streams"). */
export const StreamEventSchema = z
  .object({
    type: z.enum(['delta', 'quote', 'card', 'status', 'error']),
    isend: z.boolean(),
  })
  .catchall(z.unknown());
export type StreamEvent = z.infer<typeof StreamEventSchema>;
