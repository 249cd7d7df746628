import { describe, expect, it } from 'vitest';
import { SseParser } from '../../src/platform/llm/sse.js';

/** Feeds `text` as UTF-8 cut into pieces of `size` bytes, the way reads can arrive. */
function feed(text: string, size: number): string[] {
  const bytes = new TextEncoder().encode(text);
  const parser = new SseParser();
  const events: string[] = [];
  for (let i = 0; i < bytes.length; i += size) events.push(...parser.push(bytes.subarray(i, i + size)));
  events.push(...parser.end());
  return events;
}

describe('SSE parser', () => {
  const body =
    ': ping\r\n\r\ndata: {"a":"储能"}\r\n\r\n: keep-alive\n\ndata: {"b":"电池"}\r\rdata: [DONE]\n\n';

  it('gives the same events however the bytes are cut, for LF, CRLF and CR line ends', () => {
    for (const size of [1, 2, 3, 5, 7, 64, 4096]) {
      expect(feed(body, size), `pieces of ${size} bytes`).toEqual(['{"a":"储能"}', '{"b":"电池"}', '[DONE]']);
    }
  });

  it('joins multi-line data and ignores other fields', () => {
    expect(feed('event: message\nid: 3\ndata: line1\ndata:line2\n\n', 4)).toEqual(['line1\nline2']);
  });

  it('completes a last event that had no blank line after it', () => {
    expect(feed('data: {"x":1}', 3)).toEqual(['{"x":1}']);
  });
});
