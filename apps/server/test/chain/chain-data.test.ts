/**
 * The curated chains against the taxonomy and the default demo library, and the placement
 * rules on hand-made rows: no database needed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CitationFilter } from '../../src/lib/citation-filter.js';
import { toSearchText } from '../../src/lib/text.js';
import { bestSentence } from '../../src/modules/chain/analysis/passages.js';
import { CHAIN_SEEDS, type ChainDef } from '../../src/modules/chain/data/index.js';
import {
  ChainDefError,
  chainDefHash,
  checkChainDef,
  parseChainDef,
} from '../../src/modules/chain/definition.js';
import { compileChains, placeOnChains } from '../../src/modules/chain/placement/rules.js';
import { resolveChain, suggestChains } from '../../src/modules/chain/resolve.js';
import type { Catalogue } from '../../src/modules/chain/store.js';
import { generateDemoData } from '../../src/modules/demo/index.js';
import { INDUSTRIES, projectSearchFields, topIndustryId } from '../../src/modules/reference/index.js';

const compiled = compileChains(CHAIN_SEEDS);
const catalogue: Catalogue = {
  chains: [...CHAIN_SEEDS],
  byId: new Map(CHAIN_SEEDS.map((c) => [c.industryId, c])),
  versions: new Map(CHAIN_SEEDS.map((c) => [c.industryId, 1])),
  stamp: 'test',
};

const row = (industries: string[], tags: string[], description = '') => ({
  id: 1,
  industryId: topIndustryId(industries[0]!)!,
  industries: [topIndustryId(industries[0]!)!, ...industries],
  tags,
  searchTokens: toSearchText(description, tags.join(' ')),
});

describe('the curated chains', () => {
  it('give every top industry of the taxonomy exactly one chain', () => {
    const ids = CHAIN_SEEDS.map((c) => c.industryId).sort();
    expect(ids).toEqual(INDUSTRIES.map((i) => i.id).sort());
  });

  it('pass the schema and the taxonomy checks', () => {
    for (const chain of CHAIN_SEEDS) {
      expect(checkChainDef(chain), chain.industryId).toEqual([]);
      expect(parseChainDef(structuredClone(chain)), chain.industryId).toEqual(chain);
    }
  });

  it('map every sub-industry of an industry to a node of its own chain', () => {
    for (const top of INDUSTRIES) {
      const chain = CHAIN_SEEDS.find((c) => c.industryId === top.id)!;
      const listed = new Set(chain.segments.flatMap((s) => s.nodes.flatMap((n) => n.subs)));
      for (const sub of top.subs) expect(listed.has(sub.id), `${top.id}: ${sub.id}`).toBe(true);
    }
  });

  it('refuse a definition with an unknown sub-industry, a dangling feed or a missing segment', () => {
    const broken = structuredClone(CHAIN_SEEDS[0]!) as ChainDef;
    broken.segments[0]!.nodes[0]!.subs = ['no.such-sub'];
    broken.segments[0]!.nodes[0]!.feeds = ['nowhere'];
    expect(() => parseChainDef(broken)).toThrow(ChainDefError);
    try {
      parseChainDef(broken);
    } catch (error) {
      expect((error as ChainDefError).problems.join('\n')).toMatch(/细分行业不存在：no.such-sub/);
      expect((error as ChainDefError).problems.join('\n')).toMatch(/指向不存在的环节：nowhere/);
    }
    const twoSegments = { ...CHAIN_SEEDS[0]!, segments: CHAIN_SEEDS[0]!.segments.slice(0, 2) };
    expect(() => parseChainDef(twoSegments)).toThrow(/恰好有上游、中游、下游三段/);
  });

  it('hash the same definition the same way, and an edit differently', () => {
    const copy = structuredClone(CHAIN_SEEDS[3]!);
    expect(chainDefHash(copy)).toBe(chainDefHash(CHAIN_SEEDS[3]!));
    copy.segments[1]!.nodes[0]!.keywords.push('新词');
    expect(chainDefHash(copy)).not.toBe(chainDefHash(CHAIN_SEEDS[3]!));
  });
});

describe('the default demo library on the chains', () => {
  const counts = new Map<string, number>();
  let projects = 0;
  beforeAll(() => {
    const data = generateDemoData({ seed: 20_261_122, scale: 'default', now: new Date() });
    projects = data.projects.length;
    for (const p of data.projects) {
      const placements = placeOnChains(compiled, {
        id: p.id,
        industryId: p.industryId,
        industries: p.industries,
        tags: p.tags,
        searchTokens: projectSearchFields(p).searchTokens,
      });
      expect(placements.some((x) => x.chainId === p.industryId)).toBe(true);
      for (const x of placements) {
        counts.set(x.nodeId, (counts.get(x.nodeId) ?? 0) + 1);
        if (x.childId) counts.set(x.childId, (counts.get(x.childId) ?? 0) + 1);
      }
    }
  }, 120_000);

  it('puts at least one company on every node not marked as expected empty, and on every finer node', () => {
    expect(projects).toBe(10_000);
    const missing: string[] = [];
    for (const chain of CHAIN_SEEDS) {
      for (const segment of chain.segments) {
        for (const n of segment.nodes) {
          const id = `${chain.industryId}/${n.key}`;
          if (!n.sparse && !counts.get(id)) missing.push(`${id} ${n.name}`);
          for (const c of n.children)
            if (!counts.get(`${id}/${c.key}`)) missing.push(`${id}/${c.key} ${c.name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the placement rules', () => {
  it('place a project on the node its own sub-industry maps to, with its product line as a finer node', () => {
    const [own] = placeOnChains(compiled, row(['nev.battery'], ['半固态电池', '动力电池', '800V高压平台']));
    expect(own).toMatchObject({ chainId: 'nev', nodeId: 'nev/battery', childId: 'nev/battery/solid' });
    expect(own!.confidence).toBe(1);
    expect(own!.matched).toContain('sub:nev.battery');
  });

  it('let a sub-industry of another industry count only with a keyword', () => {
    const cathode = placeOnChains(compiled, row(['new-materials.battery'], ['高镍正极材料', '锂电材料']));
    expect(cathode.find((p) => p.chainId === 'nev')).toMatchObject({ nodeId: 'nev/cathode' });
    const fibre = placeOnChains(
      compiled,
      row(['new-materials.fiber'], ['T800级碳纤维', '高性能纤维与复合材料']),
    );
    expect(fibre.find((p) => p.chainId === 'nev')).toBeUndefined();
    expect(fibre.find((p) => p.chainId === 'new-materials')).toMatchObject({ nodeId: 'new-materials/fiber' });
  });

  it('match latin keywords as whole words only (MR is not inside MRI)', () => {
    const mri = placeOnChains(compiled, row(['medical-device.imaging'], ['低场MRI', '医学影像']));
    expect(mri.find((p) => p.chainId === 'consumer-electronics')).toBeUndefined();
    expect(mri.find((p) => p.chainId === 'medical-device')).toMatchObject({
      childId: 'medical-device/imaging/mri',
    });
  });

  it('break ties by the longer keyword, then by the node order, the same way every time', () => {
    const input = row(['auto-aftermarket.used-car'], ['二手车出口平台', '二手车']);
    const first = placeOnChains(compiled, input);
    expect(first.find((p) => p.chainId === 'auto-aftermarket')).toMatchObject({
      nodeId: 'auto-aftermarket/export',
    });
    for (let i = 0; i < 5; i++) expect(placeOnChains(compiled, input)).toEqual(first);
  });

  it('place a project of the industry without sub-industry or tags from its description alone, with low confidence', () => {
    const placed = placeOnChains(compiled, {
      id: 9,
      industryId: 'nev',
      industries: ['nev'],
      tags: [],
      searchTokens: toSearchText('公司建设和运营充电桩网络。'),
    });
    const own = placed.find((p) => p.chainId === 'nev')!;
    expect(own.nodeId).toBe('nev/charging');
    expect(own.confidence).toBeLessThan(0.5);
  });
});

describe('finding a chain', () => {
  it('knows industries by name and synonym, and nodes by name', () => {
    expect(resolveChain(catalogue, { keyword: '电动车' })).toEqual({ chainId: 'nev', focus: null });
    expect(resolveChain(catalogue, { keyword: '充电桩' })).toEqual({ chainId: 'nev', focus: 'nev/charging' });
    expect(resolveChain(catalogue, { keyword: '隔膜' })).toEqual({ chainId: 'nev', focus: 'nev/separator' });
    expect(resolveChain(catalogue, { id: 'nev/battery/solid' })).toEqual({
      chainId: 'nev',
      focus: 'nev/battery/solid',
    });
    expect(resolveChain(catalogue, { id: 'nev/nothing' })).toBeNull();
  });

  it('suggests the nearest chains for an unknown word, and popular ones when nothing is near', () => {
    expect(resolveChain(catalogue, { keyword: '锂电池回收利用' })).toBeNull();
    const near = suggestChains(catalogue, '锂电池回收利用');
    expect(near.length).toBeGreaterThan(0);
    expect(near.map((s) => s.id)).toEqual(expect.arrayContaining(['environmental']));
    const far = suggestChains(catalogue, 'zzqx');
    expect(far).toHaveLength(5);
    expect(far[0]!.reason).toBe('热门产业链');
  });
});

describe('the analysis text helpers', () => {
  it('drop citations of nothing even when split across pieces, and keep real ones', () => {
    const filter = new CitationFilter(new Set([1, 2]));
    const pieces = ['见 [', '1] 与 [9', '9] 和 [2]，数组 a[i] 不变 [', '3'];
    const out = pieces.map((p) => filter.push(p)).join('') + filter.flush();
    expect(out).toBe('见 [1] 与  和 [2]，数组 a[i] 不变 [3');
  });

  it('quote a whole sentence of the page, never a heading', () => {
    const page = '二、新能源汽车产业链分析\n上游：锂矿与电池材料、芯片、零部件。上游环节技术门槛高。\n';
    expect(bestSentence(page, ['产业链', '上游'])).toBe('上游：锂矿与电池材料、芯片、零部件。');
  });
});
