/**
 * A scripted OpenAI-compatible server for tests, on 127.0.0.1 and a random port. It speaks
 * the real wire protocol: `POST /v1/chat/completions` streamed as SSE (`data: {chunk}` lines,
 * usage in the last chunk when `stream_options.include_usage`, `data: [DONE]`), OpenAI's
 * JSON error bodies, `POST /v1/embeddings`, and `Authorization: Bearer <key>` checked on
 * every request. Each test scripts what the next chat requests get; every request is recorded,
 * including when the client closed the connection.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** What one chat request gets. */
export type ChatStep =
  | {
      kind: 'stream';
      chunks: string[];
      /** null: no usage chunk even when asked for one. */
      usage?: Usage | null;
      finishReason?: string;
      /** Wait before the first content chunk (headers and the role chunk go out at once). */
      firstDelayMs?: number;
      delayMs?: number;
      /** `: ping` keep-alive comments between chunks. */
      ping?: boolean;
      crlf?: boolean;
      /** Each event written in two halves split mid-byte-sequence, a few ms apart. */
      splitWrites?: boolean;
      /** Leave out `data: [DONE]`. */
      omitDone?: boolean;
      /** End the response cleanly right after the content: no finish reason, usage or `[DONE]`. */
      truncate?: boolean;
    }
  /**
   * The model calls functions: each call's id and name in one chunk, its `arguments` text in
   * two fragments (as OpenAI streams them), then `finish_reason: "tool_calls"`. `arguments`
   * is sent as written, so a test can send malformed JSON.
   */
  | { kind: 'tool_calls'; calls: { id?: string; name: string; arguments: string }[]; content?: string }
  /** Streams `chunks`, then destroys the socket: a broken stream mid-answer. */
  | { kind: 'cut'; chunks: string[]; delayMs?: number }
  /** A never-ending slow stream: one chunk every `intervalMs` until the client goes away. */
  | { kind: 'hang'; intervalMs?: number; firstDelayMs?: number }
  /** A non-streamed OpenAI error body with `status`. */
  | {
      kind: 'error';
      status: number;
      retryAfter?: string;
      message?: string;
      type?: string;
      code?: string | null;
    };

export type EmbeddingStep = { kind: 'ok' } | Extract<ChatStep, { kind: 'error' }>;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  receivedAt: number;
  /** When the connection closed; set for every request once it ends, by either side. */
  closedAt?: number;
  /** True when the connection closed before the answer was finished (client abort or a scripted cut). */
  isClosedEarly: boolean;
}

export interface FakeOpenAiServer {
  /** Base URL as users configure it, ending in `/v1`. */
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  chatRequests(): RecordedRequest[];
  embeddingRequests(): RecordedRequest[];
  /** Replaces the chat script and forgets recorded requests. Unscripted chat requests get a 500. */
  script(...steps: ChatStep[]): void;
  /** Steps for the next embeddings requests; when none are left they succeed. */
  scriptEmbeddings(...steps: EmbeddingStep[]): void;
  /** Resolves when `request` has closed, or rejects after `timeoutMs`. */
  waitForClose(request: RecordedRequest, timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

const MODEL_FALLBACK = 'fake-model';

export async function startFakeOpenAi(options: { apiKey: string }): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  let chatSteps: ChatStep[] = [];
  let embeddingSteps: EmbeddingStep[] = [];
  const closeWaiters = new Map<RecordedRequest, (at: number) => void>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        // Recorded as text; answered below.
      }
      const record: RecordedRequest = {
        method: req.method ?? '',
        path: (req.url ?? '').split('?')[0]!,
        headers: req.headers,
        body,
        receivedAt: Date.now(),
        isClosedEarly: false,
      };
      requests.push(record);
      res.on('close', () => {
        record.closedAt = Date.now();
        record.isClosedEarly = !res.writableFinished;
        closeWaiters.get(record)?.(record.closedAt);
      });
      void answer(record, res).catch(() => res.destroy());
    });
  });

  async function answer(record: RecordedRequest, res: http.ServerResponse) {
    if (record.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendError(res, {
        kind: 'error',
        status: 401,
        message:
          'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      });
    }
    if (record.method !== 'POST')
      return sendError(res, { kind: 'error', status: 405, message: 'Method not allowed' });
    const body = record.body as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') {
      return sendError(res, {
        kind: 'error',
        status: 400,
        message: 'We could not parse the JSON body of your request.',
      });
    }
    if (record.path === '/v1/chat/completions') {
      if (!Array.isArray(body.messages) || typeof body.model !== 'string') {
        return sendError(res, { kind: 'error', status: 400, message: "'messages' and 'model' are required" });
      }
      const step = chatSteps.shift() ?? {
        kind: 'error',
        status: 500,
        message: 'fake: no scripted step left',
        type: 'server_error',
      };
      if (step.kind === 'error') return sendError(res, step);
      return streamChat(res, step, body);
    }
    if (record.path === '/v1/embeddings') {
      const step = embeddingSteps.shift() ?? { kind: 'ok' };
      if (step.kind === 'error') return sendError(res, step);
      return sendEmbeddings(res, body);
    }
    return sendError(res, { kind: 'error', status: 404, message: `Invalid URL (POST ${record.path})` });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey: options.apiKey,
    requests,
    chatRequests: () => requests.filter((r) => r.path === '/v1/chat/completions'),
    embeddingRequests: () => requests.filter((r) => r.path === '/v1/embeddings'),
    script(...steps) {
      chatSteps = [...steps];
      requests.length = 0;
    },
    scriptEmbeddings(...steps) {
      embeddingSteps = [...steps];
    },
    waitForClose(request, timeoutMs = 2000) {
      if (request.closedAt !== undefined) return Promise.resolve(request.closedAt);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('fake: connection still open')), timeoutMs);
        closeWaiters.set(request, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sendError(res: http.ServerResponse, step: Extract<ChatStep, { kind: 'error' }>) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (step.retryAfter !== undefined) headers['retry-after'] = step.retryAfter;
  res.writeHead(step.status, headers);
  res.end(
    JSON.stringify({
      error: {
        message: step.message ?? http.STATUS_CODES[step.status] ?? 'error',
        type: step.type ?? (step.status >= 500 ? 'server_error' : 'invalid_request_error'),
        param: null,
        code: step.code ?? null,
      },
    }),
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function streamChat(
  res: http.ServerResponse,
  step: Exclude<ChatStep, { kind: 'error' }>,
  body: Record<string, unknown>,
) {
  const model = typeof body.model === 'string' ? body.model : MODEL_FALLBACK;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (choices: unknown[], extra: object = {}) =>
    JSON.stringify({
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created,
      model,
      choices,
      ...extra,
    });
  const delta = (content: string) =>
    chunk([{ index: 0, delta: { content }, logprobs: null, finish_reason: null }]);
  const isOpen = () => !res.destroyed && !res.writableEnded;
  const eol = step.kind === 'stream' && step.crlf ? '\r\n' : '\n';
  const write = async (data: string) => {
    if (!isOpen()) return;
    const bytes = Buffer.from(`data: ${data}${eol}${eol}`, 'utf8');
    if (step.kind === 'stream' && step.splitWrites) {
      // Split inside the JSON and, for Chinese text, inside a UTF-8 character.
      const cut = Math.floor(bytes.length / 2) | 1;
      res.write(bytes.subarray(0, cut));
      await wait(3);
      if (isOpen()) res.write(bytes.subarray(cut));
    } else {
      res.write(bytes);
    }
  };

  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  await write(
    chunk([{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }]),
  );

  if (step.kind === 'hang') {
    if (step.firstDelayMs) await wait(step.firstDelayMs);
    for (let i = 0; isOpen(); i++) {
      await write(delta(`第${i + 1}段。`));
      await wait(step.intervalMs ?? 50);
    }
    return;
  }
  if (step.kind === 'tool_calls') {
    if (step.content) await write(delta(step.content));
    for (const [index, call] of step.calls.entries()) {
      const piece = (fields: object) =>
        chunk([
          { index: 0, delta: { tool_calls: [{ index, ...fields }] }, logprobs: null, finish_reason: null },
        ]);
      await write(
        piece({
          id: call.id ?? `call_${index + 1}`,
          type: 'function',
          function: { name: call.name, arguments: '' },
        }),
      );
      const half = Math.ceil(call.arguments.length / 2);
      await write(piece({ function: { arguments: call.arguments.slice(0, half) } }));
      await write(piece({ function: { arguments: call.arguments.slice(half) } }));
    }
    await write(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: 'tool_calls' }]));
    if ((body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true)
      await write(chunk([], { usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 } }));
    await write('[DONE]');
    if (isOpen()) res.end();
    return;
  }
  if (step.kind === 'cut') {
    for (const content of step.chunks) {
      await write(delta(content));
      if (step.delayMs) await wait(step.delayMs);
    }
    // Let the chunks reach the client before the connection breaks.
    await new Promise((resolve) => res.write('', resolve));
    await wait(20);
    res.socket?.destroy();
    return;
  }

  if (step.firstDelayMs) await wait(step.firstDelayMs);
  for (const content of step.chunks) {
    if (step.ping && isOpen()) res.write(`: ping${eol}${eol}`);
    await write(delta(content));
    if (step.delayMs) await wait(step.delayMs);
  }
  if (step.truncate) return res.end();
  await write(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: step.finishReason ?? 'stop' }]));
  const includeUsage =
    (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
  if (includeUsage && step.usage !== null) {
    const usage = step.usage ?? { prompt_tokens: 10, completion_tokens: step.chunks.length };
    await write(
      chunk([], { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }),
    );
  }
  if (!step.omitDone) await write('[DONE]');
  if (isOpen()) res.end();
}

/** Deterministic vectors: [character count, sum of code points mod 997, 1]; data in reverse order, as the spec allows. */
function sendEmbeddings(res: http.ServerResponse, body: Record<string, unknown>) {
  const input = Array.isArray(body.input)
    ? (body.input as unknown[]).map(String)
    : [String(body.input ?? '')];
  const data = input.map((text, index) => ({
    object: 'embedding',
    index,
    embedding: [text.length, [...text].reduce((sum, c) => sum + c.codePointAt(0)!, 0) % 997, 1],
  }));
  const tokens = input.reduce((sum, text) => sum + text.length, 0);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      object: 'list',
      data: data.reverse(),
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    }),
  );
}
