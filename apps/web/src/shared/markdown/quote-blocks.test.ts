import { describe, expect, it } from 'vitest';
import { parseInquiryBlock, parsePages, parseQuoteBlock, splitCitations } from './quote-blocks';

describe('parseQuoteBlock', () => {
  it('reads a JSON list of quotes with pid, title, pages and passage', () => {
    const block = JSON.stringify([
      { n: 1, pid: 9, title: '2025 储能白皮书', pages: [3, 4], text: '储能市场规模达到 1200 亿元' },
      { pid: 12, title: '锂电池行业报告', pages: '5-7' },
    ]);
    expect(parseQuoteBlock(block)).toEqual([
      { n: 1, pid: 9, title: '2025 储能白皮书', pages: [3, 4], text: '储能市场规模达到 1200 亿元' },
      { n: 2, pid: 12, title: '锂电池行业报告', pages: [5, 6, 7], text: '' },
    ]);
  });

  it('accepts {list: […]} and one JSON object per line', () => {
    expect(parseQuoteBlock('{"list":[{"pid":1,"title":"甲","pages":[2]}]}')).toHaveLength(1);
    const lines = '{"pid":1,"title":"甲","page":2}\n{"pid":2,"title":"乙","pages":"第3页"}';
    expect(parseQuoteBlock(lines).map((quote) => quote.pages)).toEqual([[2], [3]]);
  });

  it('skips items without a report id or title, and text that is not JSON', () => {
    const block = JSON.stringify([{ title: '无编号' }, { pid: -1, title: '负数' }, { pid: 3 }, 'x', null]);
    expect(parseQuoteBlock(block)).toEqual([]);
    expect(parseQuoteBlock('<script>alert(1)</script>')).toEqual([]);
    expect(parseQuoteBlock('')).toEqual([]);
  });
});

describe('parsePages', () => {
  it('reads numbers, ranges and Chinese page labels, sorted and distinct', () => {
    expect(parsePages([4, 3, 3])).toEqual([3, 4]);
    expect(parsePages('3,4、9')).toEqual([3, 4, 9]);
    expect(parsePages('第3至5页')).toEqual([3, 4, 5]);
    expect(parsePages(0)).toEqual([]);
    expect(parsePages({})).toEqual([]);
  });
});

describe('parseInquiryBlock', () => {
  it('reads inquiry quotes as plain strings from JSON or lines', () => {
    expect(parseInquiryBlock('["问：毛利率下降的原因？", 3, "答：原材料涨价"]')).toEqual([
      '问：毛利率下降的原因？',
      '答：原材料涨价',
    ]);
    expect(parseInquiryBlock('- 第一条\n\n2. 第二条\n')).toEqual(['第一条', '第二条']);
  });
});

describe('splitCitations', () => {
  it('splits [n] markers out of text', () => {
    expect(splitCitations('规模约 1200 亿元[1][2]，增速较快[3]。')).toEqual([
      '规模约 1200 亿元',
      1,
      2,
      '，增速较快',
      3,
      '。',
    ]);
    expect(splitCitations('没有引用')).toEqual(['没有引用']);
  });
});
