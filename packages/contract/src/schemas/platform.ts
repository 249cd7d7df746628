import { envelope } from './common.js';
import { z } from './zod.js';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  engines: z.object({
    database: z.enum(['pglite', 'postgresql']),
    bus: z.enum(['memory', 'redis']),
    storage: z.enum(['local', 's3']),
    jobs: z.enum(['inprocess', 'bullmq']),
    pay: z.enum(['sandbox', 'wechat']),
    ai: z.enum(['local', 'openai']),
    ocr: z.enum(['local', 'tencent']),
    sms: z.enum(['outbox', 'aliyun', 'tencent']),
  }),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), ms: z.number(), error: z.string().optional() })),
});
export type Health = z.infer<typeof HealthSchema>;
export const HealthResponseSchema = envelope(HealthSchema);

export const WebVersionSchema = z.object({ version: z.string() });
