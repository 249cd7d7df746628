/**
 * Incremental parser for `text/event-stream`: text arrives in arbitrary pieces (an event,
 * a line or even a `\r\n` pair may be split between two reads), events come out whole.
 * Only `data:` fields matter to us; each event's data is one JSON object (ARCHITECTURE.md).
 */
import type { StreamEvent } from '@jq/contract';

// The contract's StreamEventSchema, checked by hand: every page that streams uses this
// reader, and zod would otherwise join the first load of each of them.
const EVENT_TYPES: ReadonlySet<unknown> = new Set<StreamEvent['type']>([
  'delta',
  'quote',
  'card',
  'status',
  'error',
]);

function isStreamEvent(value: unknown): value is StreamEvent {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const event = value as Record<string, unknown>;
  return EVENT_TYPES.has(event.type) && typeof event.isend === 'boolean';
}

export interface SseParser {
  /** Feeds decoded text; returns the events completed by it. */
  push(text: string): StreamEvent[];
  /** Ends the input: a last event without its blank line is still delivered. */
  flush(): StreamEvent[];
}

export function createSseParser(): SseParser {
  let buffer = '';
  let dataLines: string[] = [];

  const dispatch = (out: StreamEvent[]) => {
    if (dataLines.length === 0) return;
    const event = parseEventData(dataLines.join('\n'));
    dataLines = [];
    if (event) out.push(event);
  };

  const takeLine = (line: string, out: StreamEvent[]) => {
    if (line === '') return dispatch(out);
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    dataLines.push(value);
  };

  return {
    push(text) {
      buffer += text;
      const out: StreamEvent[] = [];
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        // A trailing `\r` may be the first half of `\r\n`: wait for the next piece.
        if (match[0] === '\r' && match.index === buffer.length - 1) break;
        takeLine(buffer.slice(0, match.index), out);
        buffer = buffer.slice(match.index + match[0].length);
      }
      return out;
    },
    flush() {
      const out: StreamEvent[] = [];
      if (buffer.endsWith('\r')) buffer = buffer.slice(0, -1);
      if (buffer !== '') takeLine(buffer, out);
      buffer = '';
      dispatch(out);
      return out;
    },
  };
}

function parseEventData(data: string): StreamEvent | undefined {
  try {
    const parsed: unknown = JSON.parse(data);
    return isStreamEvent(parsed) ? parsed : undefined;
  } catch {
    // Keep-alive or sentinel payloads such as `[DONE]` are not events.
    return undefined;
  }
}
