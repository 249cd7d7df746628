import { describe, expect, it } from 'vitest';
import { EXPORT_MAX, exportFileName, investorSheet, projectSheet } from './export-rows';
import { breakdownOf, investorItem, projectItem } from './test-fixtures';

const ORIGIN = 'https://jq.example.com';

describe('investorSheet', () => {
  it('has Chinese headers with one column per score component', () => {
    const sheet = investorSheet([], ORIGIN);
    expect(sheet.name).toBe('匹配结果');
    expect(sheet.header).toEqual([
      '排名',
      '类型',
      '名称',
      '机构 / 类型',
      '关注领域',
      '匹配度',
      '行业匹配',
      '阶段匹配',
      '金额匹配',
      '地域匹配',
      '投资组合相似度',
      '投资理念相似度',
      '出手活跃度',
      '竞品冲突',
      'VIP 优先匹配',
      '已投竞品',
      '匹配理由',
      '链接',
    ]);
    expect(sheet.widths).toHaveLength(sheet.header.length);
  });

  it('writes each match as a row: points, conflict names, numbered reasons and an absolute link', () => {
    const item = investorItem({
      rank: 3,
      score: 61.25,
      breakdown: breakdownOf({ conflict: { fit: 1, points: -10, max: 0 } }),
      conflict: {
        isConflict: true,
        competitors: [
          { id: 5, name: '储宝能源' },
          { id: 6, name: '沃储科技' },
        ],
      },
    });
    const [row] = investorSheet([item], ORIGIN).rows;
    expect(row).toEqual([
      3,
      '投资人',
      '林晓峰',
      '远澈资本 · 合伙人',
      '新能源汽车 · A轮、B轮 · 2,000万-8,000万',
      61.3,
      22,
      12,
      8,
      5,
      14,
      6,
      7,
      -10,
      0,
      '储宝能源、沃储科技',
      '1. 近两年在新能源汽车领域投资 8 次，其中 3 次为 A 轮\n2. 单笔 2000万-8000万，与拟融资 5000万 相符',
      `${ORIGIN}/jq/investor?iid=42`,
    ]);
  });

  it('links an institution row to the institution card', () => {
    const item = investorItem({
      kind: 'institution',
      id: 7,
      investor: null,
      institution: {
        id: 7,
        name: '远澈资本管理有限公司',
        shortName: '远澈资本',
        type: 'VC',
        logo: '',
        industries: [],
        industryNames: [],
        stages: [],
        ticketMin: null,
        ticketMax: null,
        regions: [],
        regionNames: [],
        isDemo: true,
      },
    });
    const [row] = investorSheet([item], ORIGIN).rows;
    expect(row?.slice(1, 4)).toEqual(['机构', '远澈资本', '远澈资本管理有限公司 · VC']);
    expect(row?.at(-1)).toBe(`${ORIGIN}/jq/org?oid=7`);
  });
});

describe('projectSheet', () => {
  it('writes the project, its VIP boost points and a link to the project', () => {
    const [row] = projectSheet([projectItem()], ORIGIN).rows;
    expect(row?.slice(0, 7)).toEqual([
      1,
      '驰电科技',
      '储能 / 工商业储能',
      'A轮',
      '5,000万',
      '江苏 · 常州',
      68,
    ]);
    expect(row?.[6 + 9]).toBe(3);
    expect(row?.at(-1)).toBe(`${ORIGIN}/jq/project?pid=101`);
  });
});

describe('exportFileName', () => {
  it('names the file after the project, dated, without characters a file system refuses', () => {
    const date = new Date(2026, 10, 22);
    expect(exportFileName({ name: '驰电/科技: 储能?', industryNames: [] }, date)).toBe(
      '金桥匹配结果_驰电科技储能_20261122.xlsx',
    );
    expect(exportFileName({ name: '', industryNames: ['储能'] }, date)).toBe(
      '金桥匹配结果_储能_20261122.xlsx',
    );
    expect(exportFileName(null, date)).toBe('金桥匹配结果_匹配结果_20261122.xlsx');
  });

  it('caps the export at a bounded number of rows', () => {
    expect(EXPORT_MAX).toBeLessThanOrEqual(500);
  });
});
