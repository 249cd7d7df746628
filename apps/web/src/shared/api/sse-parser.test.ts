import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

const delta = (content: string) => ({ type: 'delta', content, isend: false });
const done = { type: 'status', status: 'done', isend: true };
const wire = [delta('金桥'), delta('连接'), done]
  .map((event) => `data: ${JSON.stringify(event)}\n\n`)
  .join('');

function parseInPieces(text: string, cuts: number[]) {
  const parser = createSseParser();
  const events = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    events.push(...parser.push(text.slice(from, cut)));
    from = cut;
  }
  return [...events, ...parser.flush()];
}

describe('createSseParser', () => {
  it('reads several events from one piece', () => {
    expect(parseInPieces(wire, [])).toEqual([delta('金桥'), delta('连接'), done]);
  });

  it('gives the same events wherever the text is split', () => {
    for (let cut = 1; cut < wire.length; cut += 1) {
      expect(parseInPieces(wire, [cut])).toEqual([delta('金桥'), delta('连接'), done]);
    }
  });

  it('gives the same events when every character arrives alone', () => {
    const cuts = Array.from({ length: wire.length - 1 }, (_, i) => i + 1);
    expect(parseInPieces(wire, cuts)).toEqual([delta('金桥'), delta('连接'), done]);
  });

  it('handles \\r\\n line ends, also when the pair is split between pieces', () => {
    const crlf = wire.replaceAll('\n', '\r\n');
    for (let cut = 1; cut < crlf.length; cut += 1) {
      expect(parseInPieces(crlf, [cut])).toEqual([delta('金桥'), delta('连接'), done]);
    }
  });

  it('handles bare \\r line ends', () => {
    expect(parseInPieces(wire.replaceAll('\n', '\r'), [5])).toEqual([delta('金桥'), delta('连接'), done]);
  });

  it('ignores comments, other fields and payloads that are not events', () => {
    const text = `: keep-alive\n\nevent: message\nid: 3\ndata: ${JSON.stringify(delta('a'))}\n\ndata: [DONE]\n\ndata: {"hello":1}\n\n`;
    expect(parseInPieces(text, [])).toEqual([delta('a')]);
  });

  it('joins multi-line data and accepts data without the space after the colon', () => {
    const text = 'data:{"type":"delta",\ndata: "content":"x","isend":false}\n\n';
    expect(parseInPieces(text, [])).toEqual([delta('x')]);
  });

  it('delivers a last event that lacks its blank line when the input ends', () => {
    const text = `data: ${JSON.stringify(done)}`;
    const parser = createSseParser();
    expect(parser.push(text)).toEqual([]);
    expect(parser.flush()).toEqual([done]);
  });

  it('keeps extra fields of an event', () => {
    const quote = { type: 'quote', items: [{ pid: 1, title: '研报', pages: [3] }], isend: false };
    expect(parseInPieces(`data: ${JSON.stringify(quote)}\n\n`, [])).toEqual([quote]);
  });
});
