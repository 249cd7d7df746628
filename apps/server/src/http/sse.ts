/**
 * Server-sent events: one JSON object per `data:` line, the last one with `isend: true`
 * (ARCHITECTURE.md, "Streams"). Every streamed route writes through this one writer.
 * `signal` aborts when the client goes away, so generation stops with it.
 */
import type { StreamEvent } from '@jq/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface StreamWriter {
  signal: AbortSignal;
  send(event: StreamEvent): boolean;
  /** Sends a last event (default a `status` done event) unless one was sent, then closes. */
  end(last?: StreamEvent): void;
}

export function openStream(request: FastifyRequest, reply: FastifyReply): StreamWriter {
  const controller = new AbortController();
  const raw = reply.raw;
  let isClosed = false;

  reply.hijack();
  // Headers set by hooks (request id, security headers) are kept on the hijacked response.
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.on('close', () => {
    if (!isClosed) {
      isClosed = true;
      request.log.info({ event: 'stream.aborted', url: request.url }, 'client aborted stream');
      controller.abort();
    }
  });

  const send = (event: StreamEvent) => {
    if (isClosed) return false;
    raw.write(`data: ${JSON.stringify(event)}\n\n`);
    if (event.isend) {
      isClosed = true;
      raw.end();
    }
    return true;
  };

  return {
    signal: controller.signal,
    send,
    end(last = { type: 'status', status: 'done', isend: true }) {
      send({ ...last, isend: true });
    },
  };
}
