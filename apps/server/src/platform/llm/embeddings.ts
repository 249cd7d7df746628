/**
 * Embeddings from an OpenAI-compatible `/embeddings` endpoint (EMBEDDING_* variables), in
 * batches, each batch tried again on 429, 5xx and broken connections. Retrieval uses the
 * vectors when they are there and stays lexical when they are not.
 */
import { Code } from '@jq/contract';
import { AppError } from '../../errors.js';
import {
  endpoint,
  MAX_RETRY_AFTER_MS,
  postJson,
  retryDelayMs,
  sleep,
  toAppError,
  UpstreamError,
} from './http.js';

export const EMBEDDING_BATCH = 64;
const EMBEDDING_UNAVAILABLE = '向量服务暂不可用，请稍后再试';

export interface EmbeddingOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  batchSize?: number;
}

export interface EmbedResult {
  vectors: number[][];
  promptTokens: number;
}

interface EmbeddingsJson {
  data?: { index?: number; embedding?: unknown }[];
  usage?: { prompt_tokens?: unknown; total_tokens?: unknown };
}

export async function embedTexts(
  options: EmbeddingOptions,
  texts: string[],
  signal?: AbortSignal,
): Promise<EmbedResult> {
  const url = endpoint(options.baseUrl, 'embeddings');
  const size = options.batchSize ?? EMBEDDING_BATCH;
  const vectors: number[][] = [];
  let promptTokens = 0;
  for (let start = 0; start < texts.length; start += size) {
    const batch = texts.slice(start, start + size);
    const json = await postWithRetries(options, url, { model: options.model, input: batch }, signal);
    const data = [...(json.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    if (data.length !== batch.length || !data.every((d) => isVector(d.embedding))) {
      throw new AppError(Code.UNAVAILABLE, EMBEDDING_UNAVAILABLE, {
        cause: new Error(`向量数量不符：发送 ${batch.length} 条，收到 ${data.length} 条`),
      });
    }
    vectors.push(...data.map((d) => d.embedding as number[]));
    promptTokens += Number(json.usage?.prompt_tokens ?? json.usage?.total_tokens ?? 0) || 0;
  }
  return { vectors, promptTokens };
}

async function postWithRetries(
  options: EmbeddingOptions,
  url: string,
  body: unknown,
  caller?: AbortSignal,
): Promise<EmbeddingsJson> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = caller ? AbortSignal.any([caller, timeout]) : timeout;
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await postJson(url, options.apiKey, body, signal);
      return (await response.json()) as EmbeddingsJson;
    } catch (error) {
      if (caller?.aborted) throw new AppError(Code.UNAVAILABLE, '请求已取消', { cause: error });
      if (timeout.aborted) throw new AppError(Code.TIMEOUT, '向量服务响应超时', { cause: error });
      const upstream = error instanceof UpstreamError ? error.options : undefined;
      if (!upstream?.isRetryable || attempt >= options.maxRetries)
        throw toAppError(error, EMBEDDING_UNAVAILABLE);
      const wait = retryDelayMs(attempt, upstream.retryAfterMs);
      if (wait > MAX_RETRY_AFTER_MS) throw toAppError(error, EMBEDDING_UNAVAILABLE);
      await sleep(wait, signal).catch(() => {});
    }
  }
}

function isVector(value: unknown): value is number[] {
  return Array.isArray(value) && value.length > 0 && value.every((n) => typeof n === 'number');
}
