/**
 * The llm port (ARCHITECTURE.md, "The AI ports"): `generate` streams an answer to a system
 * prompt, a conversation and retrieved sources; `embed` turns texts into vectors when an
 * embeddings service is configured. The OpenAI-compatible engine when LLM_* are set, the
 * local extractive engine otherwise. Every generation's tokens are recorded per user here.
 */
import type { LlmConfig } from '../../config.js';
import type { Db } from '../database/index.js';
import { embedTexts } from './embeddings.js';
import { createLocalGenerate, LOCAL_MODEL } from './local.js';
import { createOpenAiGenerate } from './openai.js';
import { estimateTokens, type LlmEngine, type LlmEvent, type LlmPort, type LlmRequest } from './types.js';
import { recordUsage } from './usage.js';

export { composeExtractiveAnswer } from './local.js';
export { buildSystemPrompt, CITATION_RULES } from './prompt.js';
export type * from './types.js';
export { estimateTokens } from './types.js';
export { recordUsage, type UsageRecord } from './usage.js';

export interface LlmOptions {
  config: LlmConfig;
  /** Where usage rows go; without it nothing is recorded. */
  db?: Db;
}

export function createLlm({ config, db }: LlmOptions): LlmPort {
  const chat = config.chat;
  const engine: LlmEngine = chat ? 'openai' : 'local';
  const model = chat?.model ?? LOCAL_MODEL;
  const timing = { timeoutMs: config.timeoutMs, maxRetries: config.maxRetries };
  const inner = chat
    ? createOpenAiGenerate({ ...chat, ...timing, firstTokenTimeoutMs: config.firstTokenTimeoutMs })
    : createLocalGenerate();
  // Shutdown ends generations still streaming, as a client abort would.
  const closing = new AbortController();

  const record = (fields: Parameters<typeof recordUsage>[1]) =>
    db
      ? recordUsage(db, fields).catch((error: unknown) => {
          console.error(`[llm] 用量记录失败：${error instanceof Error ? error.message : String(error)}`);
        })
      : Promise.resolve();

  async function* generate(request: LlmRequest): AsyncGenerator<LlmEvent, void, undefined> {
    const signal = request.signal ? AbortSignal.any([request.signal, closing.signal]) : closing.signal;
    let usage: Extract<LlmEvent, { type: 'usage' }> | undefined;
    let finishReason = 'aborted';
    let completionChars = 0;
    try {
      for await (const event of inner({ ...request, signal })) {
        if (event.type === 'delta') completionChars += event.content.length;
        else if (event.type === 'usage') usage = event;
        else if (event.type === 'done') finishReason = event.finishReason;
        else completionChars += JSON.stringify(event.calls).length;
        yield event;
      }
    } catch (error) {
      finishReason = 'error';
      throw error;
    } finally {
      // Tokens were spent when anything came back, even if the stream then broke or was stopped.
      if (usage || completionChars > 0) {
        await record({
          userId: request.userId,
          clientId: request.clientId,
          purpose: request.purpose,
          engine,
          model,
          promptTokens: usage?.promptTokens ?? estimateTokens(promptChars(request)),
          completionTokens: usage?.completionTokens ?? estimateTokens(completionChars),
          isEstimated: usage ? usage.estimated === true : true,
          finishReason,
        });
      }
    }
  }

  return {
    engine,
    model,
    hasEmbeddings: Boolean(config.embedding),
    generate,
    async embed(texts, options = {}) {
      const embedding = config.embedding;
      if (!embedding) return null;
      if (!texts.length) return [];
      const result = await embedTexts({ ...embedding, ...timing }, texts, options.signal);
      if (result.promptTokens > 0) {
        await record({
          userId: options.userId,
          clientId: options.clientId,
          purpose: options.purpose ?? 'embedding',
          engine: 'openai',
          model: embedding.model,
          promptTokens: result.promptTokens,
          completionTokens: 0,
          finishReason: 'stop',
        });
      }
      return result.vectors;
    },
    async close() {
      closing.abort();
    },
  };
}

function promptChars(request: LlmRequest): number {
  return (
    request.system.length +
    request.messages.reduce((sum, m) => sum + m.content.length, 0) +
    (request.sources ?? []).reduce((sum, s) => sum + s.title.length + s.text.length, 0)
  );
}
