/**
 * The llm port's vocabulary: a request (system prompt, conversation, retrieved sources) and
 * the stream of events an engine answers with. Errors are thrown as AppError.
 */

export interface LlmMessage {
  role: 'user' | 'assistant' | 'system' | 'tool';
  content: string;
  /** An assistant turn in which the model called tools (sent back as `tool_calls`). */
  toolCalls?: LlmToolCall[];
  /** A `tool` message: the call it answers. */
  toolCallId?: string;
}

/** A function the model may call (`tools` in the chat-completions request); `parameters` is a JSON schema. */
export interface LlmToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A call the model made; `arguments` is the JSON text exactly as the model wrote it (it may be malformed). */
export interface LlmToolCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * A retrieved passage. `id` is the number the answer cites as `[id]` (usually 1..n in
 * retrieval order); `ref` is the caller's own pointer back to the record (pid, page, ...).
 */
export interface LlmSource {
  id: number;
  title: string;
  text: string;
  ref?: unknown;
}

export interface LlmRequest {
  system: string;
  messages: LlmMessage[];
  sources?: LlmSource[];
  /** Functions the model may call; the engine ends with a `tool_calls` event when it calls some. */
  tools?: LlmToolSpec[];
  temperature?: number;
  maxTokens?: number;
  /** Aborting it cancels the upstream request at once; the iterator then ends without `done`. */
  signal?: AbortSignal;
  /** Who the tokens are recorded for. */
  userId?: number;
  clientId?: string;
  /** What the tokens are spent on (`chat`, `mixchat`, `exportbp`, ...), recorded with them. */
  purpose?: string;
}

export type LlmEvent =
  | { type: 'delta'; content: string }
  /** `estimated` when counted from characters rather than reported by the provider. */
  | { type: 'usage'; promptTokens: number; completionTokens: number; estimated?: boolean }
  /** The model called tools instead of (or after) answering; the caller runs them and asks again. */
  | { type: 'tool_calls'; calls: LlmToolCall[] }
  | { type: 'done'; finishReason: string };

export type LlmEngine = 'local' | 'openai';

export interface EmbedOptions {
  signal?: AbortSignal;
  userId?: number;
  clientId?: string;
  purpose?: string;
}

export interface LlmPort {
  engine: LlmEngine;
  model: string;
  /** Whether `embed` answers vectors (EMBEDDING_* set). */
  hasEmbeddings: boolean;
  generate(request: LlmRequest): AsyncIterable<LlmEvent>;
  /** One vector per text, in order; null when no embeddings service is configured. */
  embed(texts: string[], options?: EmbedOptions): Promise<number[][] | null>;
  /** Ends generations still running. */
  close(): Promise<void>;
}

/** What an engine implements; the port adds usage recording and shutdown around it. */
export type GenerateFn = (request: LlmRequest) => AsyncGenerator<LlmEvent, void, undefined>;

/** Tokens from a character count, for engines and streams that report none (about 1.5 characters a token in Chinese). */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 1.5);
}
