/**
 * The one way to declare an /api row: method, path, access level, request schemas, the
 * schema of the answer's `data`, and a handler that returns that data. `registerRoutes`
 * mounts a module's rows: the envelope, the OpenAPI tags (the module's name), rate limits,
 * raw bodies and streams are all done here, so a module's routes.ts is a list of rows.
 *
 * Three kinds of row:
 * - JSON (the default): the handler returns `data`; the reply is `{code: 1000, msg, data}`.
 * - `stream: true`: the handler gets `open()`, which starts the SSE stream. Anything thrown
 *   before `open()` answers as JSON (a 403 is still a 403); after it, as the stream's last
 *   `error` event. The stream is ended for the handler if it forgets.
 * - `raw: true`: the handler writes the reply itself (files, redirects, the sandbox pay page,
 *   a provider's notification answered in the provider's format).
 * - `wsRoute`: a WebSocket (GET upgrade). Access and rate limits are checked on the upgrade
 *   request like any row, so a socket without the right session is refused (401) before it
 *   opens; the handler gets the open socket (see ws.ts for heartbeats and session checks).
 */
import { type Access, Code, codeMessages, envelope } from '@jq/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import type { User } from '../db/schema.js';
import { AppError } from '../errors.js';
import { ok } from './envelope.js';
import { type RateRule, rateLimitHooks } from './rate-limit.js';
import { openStream, type StreamWriter } from './sse.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export type RouteRequest<B, Q, P> = FastifyRequest<{
  Body: Infer<B>;
  Querystring: Infer<Q>;
  Params: Infer<P>;
}>;

interface RouteCommon<B, Q, P> {
  method: Method;
  /** Under /api, as API.md writes it without the prefix (`/pay/GenChargeOrder`). */
  path: string;
  access: Access;
  /** One line of Chinese for the API document. */
  summary: string;
  body?: B;
  query?: Q;
  params?: P;
  /** Rate limits checked before the handler; more than one are all checked. */
  rateLimit?: RateRule | RateRule[];
  /** Request body limit in bytes (the app default otherwise). */
  bodyLimit?: number;
  /** Accept any content type and hand the body over unparsed (a buffer or a string). */
  rawBody?: 'buffer' | 'string';
  /** The row's own words for a body over `bodyLimit` (413) or one it cannot read (415), instead of the catalogue's. */
  bodyErrors?: { tooLarge?: string; badType?: string };
  /** Left out of the API document (development rows). */
  hide?: boolean;
}

export interface JsonRoute<B, Q, P, D extends Schema> extends RouteCommon<B, Q, P> {
  kind?: 'json';
  data: D;
  handler(
    request: RouteRequest<B, Q, P>,
    reply: FastifyReply,
  ): Promise<z.input<D> | Answer<z.input<D>>> | z.input<D> | Answer<z.input<D>>;
}

export interface StreamRoute<B, Q, P> extends RouteCommon<B, Q, P> {
  kind: 'stream';
  handler(request: RouteRequest<B, Q, P>, open: () => StreamWriter): Promise<void>;
}

export interface RawRoute<B, Q, P> extends RouteCommon<B, Q, P> {
  kind: 'raw';
  /** Documented response schemas, by status, when the answer is JSON of its own shape. */
  responses?: Record<number, Schema>;
  handler(request: RouteRequest<B, Q, P>, reply: FastifyReply): Promise<unknown>;
}

export interface SocketRoute extends RouteCommon<undefined, undefined, undefined> {
  kind: 'ws';
  method: 'GET';
  handler(socket: WebSocket, request: FastifyRequest): void | Promise<void>;
}

export type Route =
  // biome-ignore lint/suspicious/noExplicitAny: a list holds rows of every request shape.
  | JsonRoute<any, any, any, Schema>
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  | StreamRoute<any, any, any>
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  | RawRoute<any, any, any>
  | SocketRoute;

/** A JSON row. */
export function route<
  D extends Schema,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(spec: JsonRoute<B, Q, P, D>): Route {
  return { ...spec, kind: 'json' };
}

/** A streamed (SSE) row. */
export function streamRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(spec: Omit<StreamRoute<B, Q, P>, 'kind'>): Route {
  return { ...spec, kind: 'stream' };
}

/** A row that writes its own reply. */
export function rawRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(spec: Omit<RawRoute<B, Q, P>, 'kind'>): Route {
  return { ...spec, kind: 'raw' };
}

/** A WebSocket row. */
export function wsRoute(
  spec: Pick<SocketRoute, 'path' | 'access' | 'summary' | 'rateLimit' | 'hide' | 'handler'>,
): Route {
  return { ...spec, method: 'GET', kind: 'ws' };
}

/** The signed-in user of an L/V/VIP/ADM row (the access hook has already refused the rest). */
export function me(request: FastifyRequest): User {
  if (!request.user) throw new AppError(Code.UNAUTHORIZED);
  return request.user;
}

/** A JSON row's answer with a message of its own instead of the catalogue's 成功. */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly msg: string,
  ) {}
}

/** Every row registered so far, for the API map and the fuzz test. */
export interface RegisteredRoute {
  module: string;
  route: Route;
  /** The full path as mounted (`/api/...`, or a root path such as `/s/:code`). */
  url: string;
}

/** Mounts a module's rows under `prefix` (default /api). */
export async function registerRoutes(
  app: FastifyInstance,
  module: string,
  routes: readonly Route[],
  table: RegisteredRoute[],
  prefix = '/api',
) {
  const plain = routes.filter((r) => !r.rawBody);
  const raw = routes.filter((r) => r.rawBody);
  for (const r of plain) mount(app, module, r, prefix);
  // A raw body needs its own content-type parser, so each such row gets a scope of its own.
  for (const r of raw) {
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: r.rawBody!, bodyLimit: r.bodyLimit }, (_req, body, done) =>
        done(null, body),
      );
      mount(scope, module, r, prefix);
    });
  }
  for (const r of routes) table.push({ module, route: r, url: `${prefix}${r.path}` });
}

function mount(app: FastifyInstance, module: string, r: Route, prefix: string) {
  const schema: Record<string, unknown> = { tags: [module], summary: r.summary };
  if (r.hide) schema.hide = true;
  if (r.body) schema.body = r.body;
  if (r.query) schema.querystring = r.query;
  if (r.params) schema.params = r.params;
  if (r.kind === 'json') schema.response = { 200: envelope(r.data) };
  if (r.kind === 'raw' && r.responses) schema.response = r.responses;

  const options: RouteShorthandOptions = {
    schema,
    config: { access: r.access },
    onRequest: rateLimitHooks(app, `${r.method} ${r.path}`, r.rateLimit),
  };
  if (r.bodyLimit) options.bodyLimit = r.bodyLimit;
  if (r.bodyErrors) options.errorHandler = bodyErrorHandler(r.bodyErrors);

  if (r.kind === 'ws') {
    app.route({
      method: 'GET',
      url: `${prefix}${r.path}`,
      ...options,
      websocket: true,
      handler: (socket, request) => r.handler(socket, request),
    });
    return;
  }
  app.route({
    method: r.method,
    url: `${prefix}${r.path}`,
    ...options,
    handler: handlerOf(r),
  });
}

function handlerOf(r: Exclude<Route, SocketRoute>) {
  if (r.kind === 'stream') {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      let stream: StreamWriter | undefined;
      const open = () => {
        stream ??= openStream(request, reply);
        return stream;
      };
      try {
        await r.handler(request as never, open);
        stream?.end();
      } catch (error) {
        if (!stream) throw error;
        stream.end(streamError(request, error));
      }
    };
  }
  if (r.kind === 'raw')
    return (request: FastifyRequest, reply: FastifyReply) => r.handler(request as never, reply);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await r.handler(request as never, reply);
    return result instanceof Answer ? ok(result.data, result.msg) : ok(result);
  };
}

/** Names a row's body failures in its own words; anything else goes on to the app's error handler. */
function bodyErrorHandler(words: NonNullable<RouteCommon<unknown, unknown, unknown>['bodyErrors']>) {
  return (error: Error) => {
    const code = (error as { code?: string }).code;
    if (words.tooLarge && code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError(Code.PAYLOAD_TOO_LARGE, words.tooLarge);
    }
    if (
      words.badType &&
      (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    ) {
      throw new AppError(Code.UNSUPPORTED_MEDIA_TYPE, words.badType);
    }
    throw error;
  };
}

/** A failure after the stream started: the last event, in the catalogue's words. */
function streamError(request: FastifyRequest, error: unknown) {
  if (error instanceof AppError) {
    return { type: 'error' as const, code: error.code, msg: error.message, isend: true };
  }
  request.log.error({ err: error, event: 'stream.failed' }, 'stream failed');
  return { type: 'error' as const, code: Code.INTERNAL, msg: codeMessages[Code.INTERNAL], isend: true };
}
