import { describe, expect, it } from 'vitest';
import { findPassage } from './pdf-highlight';

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
