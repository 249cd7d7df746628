import { describe, expect, it } from 'vitest';
import { reportContents } from '../../src/modules/library/queries/report-contents.js';

const TITLE = '储能产业链深度研究：工商业储能迎来发展机遇';
const COVER = [
  TITLE,
  '金桥研究院｜发布日期：2025-12-03',
  '核心观点',
  '1. 2024年中国储能市场规模约1850亿元。',
  '2. 峰谷电价差扩大，行业景气度有望持续。',
  '风险提示：电芯价格下行导致价格战、安全事故风险。',
  '说明：本报告为演示数据。',
].join('\n');
const TOC = ['目录', '一、储能行业概述 …… 3', '二、储能市场规模 …… 4'].join('\n');

describe('reportContents', () => {
  it('reads the key points and risk note from the cover and each page heading as the outline', () => {
    const contents = reportContents(
      [
        { pageNo: 3, text: '一、储能行业概述\n储能行业涵盖储能电池……' },
        { pageNo: 1, text: COVER },
        { pageNo: 2, text: TOC },
        { pageNo: 4, text: '二、储能市场规模\n根据测算……' },
      ],
      TITLE,
    );
    expect(contents.keyPoints).toEqual([
      '2024年中国储能市场规模约1850亿元。',
      '峰谷电价差扩大，行业景气度有望持续。',
    ]);
    expect(contents.riskNote).toBe('电芯价格下行导致价格战、安全事故风险。');
    // The cover (the title) and the table of contents are not chapters.
    expect(contents.outline).toEqual([
      { pageNo: 3, title: '一、储能行业概述' },
      { pageNo: 4, title: '二、储能市场规模' },
    ]);
  });

  it('skips a running header that starts most pages, and clips long headings', () => {
    const header = '金桥研究院 行业深度';
    const long = `三、${'很长的标题'.repeat(12)}`;
    const contents = reportContents(
      [
        { pageNo: 1, text: `${header}\n一、概述\n正文` },
        { pageNo: 2, text: `${header}\n二、市场\n正文` },
        { pageNo: 3, text: `${header}\n${long}\n正文` },
      ],
      TITLE,
    );
    expect(contents.outline.map((entry) => entry.title.slice(0, 4))).toEqual([
      '一、概述',
      '二、市场',
      '三、很长',
    ]);
    expect([...contents.outline[2]!.title]).toHaveLength(40);
    expect(contents.outline[2]!.title.endsWith('…')).toBe(true);
  });

  it('has no key points when no cover lists them, and nothing for a report without pages', () => {
    expect(reportContents([{ pageNo: 1, text: '第一章 引言\n正文' }], TITLE)).toEqual({
      keyPoints: [],
      riskNote: null,
      outline: [{ pageNo: 1, title: '第一章 引言' }],
    });
    expect(reportContents([], TITLE)).toEqual({ keyPoints: [], riskNote: null, outline: [] });
  });
});
