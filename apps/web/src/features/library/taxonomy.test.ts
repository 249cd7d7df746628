import { describe, expect, it } from 'vitest';
import { deriveIndustries, deriveRegions, indexOptions } from './taxonomy';

const card = (
  industryId: string,
  industryName: string,
  subs: [string, string][],
  region: [string, string, string],
) => ({
  industryId,
  industryName,
  industries: [industryId, ...subs.map(([id]) => id)],
  industryNames: subs.map(([, name]) => name),
  provinceCode: region[0],
  cityCode: region[1],
  regionName: region[2],
});

const CARDS = [
  card('nev', '新能源汽车', [['nev.battery', '动力电池']], ['440000', '440300', '广东 · 深圳']),
  card('nev', '新能源汽车', [['nev.electronics', '汽车电子']], ['310000', '310100', '上海']),
  card('nev', '新能源汽车', [['nev.battery', '动力电池']], ['440000', '440100', '广东 · 广州']),
  card('ai', '人工智能', [['ai.llm', '大模型']], ['440000', '440300', '广东 · 深圳']),
];

describe('filter options derived from project cards', () => {
  it('groups sub-industries under their industry, busiest first', () => {
    expect(deriveIndustries(CARDS)).toEqual([
      {
        id: 'nev',
        name: '新能源汽车',
        subs: [
          { id: 'nev.battery', name: '动力电池' },
          { id: 'nev.electronics', name: '汽车电子' },
        ],
      },
      { id: 'ai', name: '人工智能', subs: [{ id: 'ai.llm', name: '大模型' }] },
    ]);
  });

  it('skips sub-industries whose names do not pair with their ids', () => {
    const odd = { ...CARDS[3]!, industries: ['ai', 'ai.llm', 'ai.cv'], industryNames: ['大模型'] };
    expect(deriveIndustries([odd])).toEqual([{ id: 'ai', name: '人工智能', subs: [] }]);
  });

  it('reads provinces and cities from the region name; a municipality is its own city', () => {
    expect(deriveRegions(CARDS)).toEqual([
      {
        id: '440000',
        name: '广东',
        cities: [
          { id: '440300', name: '深圳' },
          { id: '440100', name: '广州' },
        ],
      },
      { id: '310000', name: '上海', cities: [{ id: '310100', name: '上海' }] },
    ]);
  });

  it('indexes every option by id for the chosen-filter chips', () => {
    const index = indexOptions(deriveIndustries(CARDS));
    expect(index.get('nev.battery')).toEqual({ name: '动力电池', parentId: 'nev' });
    expect(index.get('ai')).toEqual({ name: '人工智能', parentId: null });
  });
});
