/**
 * The OpenAI-compatible engine (DeepSeek, Qwen/DashScope compatible mode, Moonshot, Ollama,
 * vLLM): streamed chat completions over global fetch. Tries again on 429, 5xx and broken
 * connections only until the first token arrives, never after, so an answer is never
 * duplicated. The caller's AbortSignal cancels the upstream request at once.
 */
import { Code } from '@jq/contract';
import { AppError } from '../../errors.js';
import {
  endpoint,
  LLM_UNAVAILABLE,
  MAX_RETRY_AFTER_MS,
  postJson,
  readErrorBody,
  retryDelayMs,
  sleep,
  toAppError,
  UpstreamError,
} from './http.js';
import { buildMessages, toWireMessage } from './prompt.js';
import { SseParser } from './sse.js';
import { estimateTokens, type GenerateFn, type LlmEvent, type LlmToolCall } from './types.js';

export interface OpenAiEngineOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  firstTokenTimeoutMs: number;
  maxRetries: number;
}

const INTERRUPTED = '大模型回答中断，请重试';
const FIRST_TOKEN_TIMEOUT = '大模型响应超时，请稍后再试';
const TOTAL_TIMEOUT = '大模型回答超时，已停止生成';

/** Why we aborted our own request (as opposed to the caller aborting). */
class Deadline extends Error {
  constructor(readonly kind: 'first-token' | 'total') {
    super(kind);
  }
}

interface ChunkJson {
  error?: unknown;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  choices?: {
    delta?: { content?: unknown; reasoning_content?: unknown; tool_calls?: unknown };
    message?: { content?: unknown; tool_calls?: unknown };
    finish_reason?: unknown;
  }[];
}

export function createOpenAiGenerate(options: OpenAiEngineOptions): GenerateFn {
  const url = endpoint(options.baseUrl, 'chat/completions');

  return async function* generate(request) {
    const caller = request.signal;
    if (caller?.aborted) return;
    const controller = new AbortController();
    const onCallerAbort = () => controller.abort(caller?.reason);
    caller?.addEventListener('abort', onCallerAbort, { once: true });

    const firstTokenDeadline = Date.now() + options.firstTokenTimeoutMs;
    const firstTimer = setTimeout(
      () => controller.abort(new Deadline('first-token')),
      options.firstTokenTimeoutMs,
    );
    const totalTimer = setTimeout(() => controller.abort(new Deadline('total')), options.timeoutMs);
    let hasFirstToken = false;
    const onFirstToken = () => {
      hasFirstToken = true;
      clearTimeout(firstTimer);
    };

    const messages = buildMessages(request);
    const body = {
      model: options.model,
      messages: messages.map(toWireMessage),
      ...(request.tools?.length
        ? {
            tools: request.tools.map((tool) => ({ type: 'function', function: tool })),
            tool_choice: 'auto',
          }
        : {}),
      stream: true,
      stream_options: { include_usage: true },
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
    };
    const promptChars = messages.reduce((sum, message) => sum + message.content.length, 0);

    /** The error to end with, or null when the caller aborted (the iterator just ends). */
    const settle = (error: unknown): AppError | null => {
      if (caller?.aborted) return null;
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : undefined;
      if (reason instanceof Deadline) {
        return new AppError(
          Code.TIMEOUT,
          reason.kind === 'first-token' ? FIRST_TOKEN_TIMEOUT : TOTAL_TIMEOUT,
          {
            cause: error,
          },
        );
      }
      return toAppError(error, hasFirstToken ? INTERRUPTED : LLM_UNAVAILABLE);
    };

    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const response = await postJson(url, options.apiKey, body, controller.signal);
          yield* readCompletion(response, { onFirstToken, promptChars });
          return;
        } catch (error) {
          const failure = settle(error);
          if (!failure) return;
          const upstream = error instanceof UpstreamError ? error.options : undefined;
          if (
            failure.code === Code.TIMEOUT ||
            hasFirstToken ||
            !upstream?.isRetryable ||
            attempt >= options.maxRetries
          ) {
            throw failure;
          }
          const wait = retryDelayMs(attempt, upstream.retryAfterMs);
          if (wait > MAX_RETRY_AFTER_MS || Date.now() + wait >= firstTokenDeadline) throw failure;
          try {
            await sleep(wait, controller.signal);
          } catch (interrupt) {
            const stop = settle(interrupt);
            if (!stop) return;
            throw stop;
          }
        }
      }
    } finally {
      clearTimeout(firstTimer);
      clearTimeout(totalTimer);
      caller?.removeEventListener('abort', onCallerAbort);
      // Ends the upstream request when the consumer stops reading early.
      controller.abort();
    }
  };
}

interface ReadHooks {
  onFirstToken(): void;
  promptChars: number;
}

/** Events of one successful response: SSE chunks, or a whole JSON completion from servers that ignore `stream`. */
async function* readCompletion(
  response: Response,
  hooks: ReadHooks,
): AsyncGenerator<LlmEvent, void, undefined> {
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const json = (await response.json().catch((error: unknown) => {
      throw new UpstreamError('应答不是 JSON', { isRetryable: true, cause: error });
    })) as ChunkJson;
    checkInlineError(json);
    const content = String(json.choices?.[0]?.message?.content ?? '');
    hooks.onFirstToken();
    if (content) yield { type: 'delta', content };
    const calls = new ToolCallAssembler();
    calls.push(json.choices?.[0]?.message?.tool_calls);
    if (calls.size) yield { type: 'tool_calls', calls: calls.calls() };
    yield usageEvent(json.usage, hooks.promptChars, content.length);
    yield { type: 'done', finishReason: String(json.choices?.[0]?.finish_reason ?? 'stop') };
    return;
  }
  if (!response.body) throw new UpstreamError('应答没有内容', { isRetryable: true });

  const reader = response.body.getReader();
  const parser = new SseParser();
  let usage: ChunkJson['usage'];
  let finishReason: string | undefined;
  let completionChars = 0;
  let isDone = false;
  const toolCalls = new ToolCallAssembler();
  try {
    while (!isDone) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw new UpstreamError('流式应答中断', { isRetryable: true, cause: error });
      }
      const events = chunk.done ? parser.end() : parser.push(chunk.value);
      for (const data of events) {
        if (data.trim() === '[DONE]') {
          isDone = true;
          break;
        }
        const json = parseChunk(data);
        if (!json) continue;
        checkInlineError(json);
        if (json.usage) usage = json.usage;
        const choice = json.choices?.[0];
        const content = choice?.delta?.content;
        if (typeof content === 'string' && content) {
          hooks.onFirstToken();
          completionChars += content.length;
          yield { type: 'delta', content };
        } else if (choice?.delta?.tool_calls !== undefined && choice.delta.tool_calls !== null) {
          // A function call arrives in pieces: its id and name first, then the arguments' text.
          hooks.onFirstToken();
          toolCalls.push(choice.delta.tool_calls);
        } else if (typeof choice?.delta?.reasoning_content === 'string' && choice.delta.reasoning_content) {
          // A reasoning model thinking aloud: alive, but nothing to show.
          hooks.onFirstToken();
        }
        if (typeof choice?.finish_reason === 'string' && choice.finish_reason)
          finishReason = choice.finish_reason;
      }
      if (chunk.done) break;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  if (!isDone && !finishReason) throw new UpstreamError('流式应答未正常结束', { isRetryable: true });
  if (toolCalls.size) yield { type: 'tool_calls', calls: toolCalls.calls() };
  yield usageEvent(usage, hooks.promptChars, completionChars);
  yield { type: 'done', finishReason: finishReason ?? 'stop' };
}

function parseChunk(data: string): ChunkJson | null {
  try {
    const json: unknown = JSON.parse(data);
    return json && typeof json === 'object' ? (json as ChunkJson) : null;
  } catch {
    // Not every server keeps to JSON on every line; a stray line is not worth failing the answer.
    return null;
  }
}

function checkInlineError(json: ChunkJson): void {
  if (json.error === undefined || json.error === null) return;
  const detail = readErrorBody(JSON.stringify({ error: json.error }));
  throw new UpstreamError(`流内错误：${detail.message}`, { code: detail.code, isRetryable: true });
}

function usageEvent(usage: ChunkJson['usage'], promptChars: number, completionChars: number): LlmEvent {
  const prompt = Number(usage?.prompt_tokens);
  const completion = Number(usage?.completion_tokens);
  if (Number.isFinite(prompt) && Number.isFinite(completion)) {
    return { type: 'usage', promptTokens: prompt, completionTokens: completion };
  }
  return {
    type: 'usage',
    promptTokens: estimateTokens(promptChars),
    completionTokens: estimateTokens(completionChars),
    estimated: true,
  };
}

/** Tool-call pieces by `index` (OpenAI streams each call's id and name once, its arguments in fragments). */
class ToolCallAssembler {
  private byIndex = new Map<number, LlmToolCall>();

  get size() {
    return this.byIndex.size;
  }

  push(pieces: unknown) {
    if (!Array.isArray(pieces)) return;
    for (const [position, piece] of pieces.entries()) {
      if (!piece || typeof piece !== 'object') continue;
      const p = piece as {
        index?: unknown;
        id?: unknown;
        function?: { name?: unknown; arguments?: unknown };
      };
      const index = typeof p.index === 'number' ? p.index : position;
      const call = this.byIndex.get(index) ?? { id: '', name: '', arguments: '' };
      if (typeof p.id === 'string' && p.id) call.id = p.id;
      if (typeof p.function?.name === 'string') call.name += p.function.name;
      if (typeof p.function?.arguments === 'string') call.arguments += p.function.arguments;
      this.byIndex.set(index, call);
    }
  }

  calls(): LlmToolCall[] {
    return [...this.byIndex.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => ({ ...call, id: call.id || `call_${index}` }));
  }
}
