import { describe, expect, it } from 'vitest';
import { findHits, findPassage, rangesByItem } from './pdf-highlight';

const PAGE = [
  '第三章 市场规模',
  '2025 年我国新型储能市场规模',
  '达到 1200 亿元，同比增长',
  '45%。',
  '其中电化学储能占比最高。',
];

describe('findPassage', () => {
  it('finds a passage that spans several text runs, ignoring spaces and line breaks', () => {
    expect(findPassage(PAGE, '2025年我国新型储能市场规模达到1200亿元')).toEqual([1, 2]);
  });

  it('uses the leading part of a passage when the rest is not on the page', () => {
    expect(findPassage(PAGE, '其中电化学储能占比最高。下一页的内容并不在本页')).toEqual([4]);
  });

  it('returns nothing when the passage is not there or is empty', () => {
    expect(findPassage(PAGE, '氢能源汽车的补贴政策')).toEqual([]);
    expect(findPassage(PAGE, '   ')).toEqual([]);
    expect(findPassage([], '储能')).toEqual([]);
  });

  it('matches full-width letters and digits to half-width ones', () => {
    expect(findPassage(['ＡＩ芯片出货量 ３０ 万片'], 'AI芯片出货量30万片')).toEqual([0]);
  });
});

describe('findHits', () => {
  const REPORT_PAGE = [
    '储能产业链深度研究',
    '金桥研究院',
    '一、储能行业概述',
    '储能行业涵盖储能电池、',
    '储能变流器等',
  ];

  it('finds every place a searched word is, the running header and the body alike', () => {
    const hits = findHits(REPORT_PAGE, '储能');
    expect(hits.map((hit) => hit[0]!.item)).toEqual([0, 2, 3, 3, 4]);
    // Only the word's characters, not the whole line.
    expect(hits[1]).toEqual([{ item: 2, start: 2, end: 4 }]);
    expect(hits[3]).toEqual([{ item: 3, start: 6, end: 8 }]);
  });

  it('gives the piece of each item a passage spans, with offsets in the item text', () => {
    expect(findHits(PAGE, '我国新型储能市场规模达到1200')).toEqual([
      [
        { item: 1, start: 6, end: 16 },
        { item: 2, start: 0, end: 7 },
      ],
    ]);
  });

  it('falls back to the leading part of a passage as one hit', () => {
    const hits = findHits(PAGE, '其中电化学储能占比最高。下一页的内容并不在本页');
    expect(hits).toHaveLength(1);
    expect(hits[0]!.map((segment) => segment.item)).toEqual([4]);
  });

  it('merges overlapping ranges of one item', () => {
    const ranges = rangesByItem([
      [{ item: 3, start: 6, end: 8 }],
      [{ item: 3, start: 0, end: 2 }],
      [{ item: 3, start: 1, end: 4 }],
    ]);
    expect(ranges.get(3)).toEqual([
      [0, 4],
      [6, 8],
    ]);
  });
});
