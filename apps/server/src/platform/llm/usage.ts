/**
 * Token usage per user: one `llm_usage` row per generation or embeddings call. Written by
 * the port itself, so no feature can forget it.
 */
import { llmUsage } from '../../db/schema.js';
import type { Db } from '../database/index.js';
import type { LlmEngine } from './types.js';

export interface UsageRecord {
  userId?: number | null;
  clientId?: string | null;
  purpose?: string;
  engine: LlmEngine;
  model: string;
  promptTokens: number;
  completionTokens: number;
  isEstimated?: boolean;
  finishReason?: string;
}

export async function recordUsage(db: Db, record: UsageRecord): Promise<void> {
  await db.insert(llmUsage).values({
    userId: record.userId ?? null,
    clientId: record.clientId ?? null,
    purpose: (record.purpose ?? '').slice(0, 64),
    engine: record.engine,
    model: record.model,
    promptTokens: Math.max(0, Math.round(record.promptTokens)),
    completionTokens: Math.max(0, Math.round(record.completionTokens)),
    isEstimated: record.isEstimated ?? false,
    finishReason: (record.finishReason ?? '').slice(0, 32),
  });
}
