/**
 * "Adjacent industry" for matching: the chains' relation (same or feeding node, and a chain
 * listing another industry's sub-industry) against the curated data, and the matching
 * taxonomy built from the taxonomy's lists, the chains, or both (eval:match compares them).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { chainIndustryAdjacency } from '../../src/modules/chain/index.js';
import {
  INDUSTRY_ADJACENCY,
  industryAdjacency,
  useIndustryAdjacency,
} from '../../src/modules/matching/index.js';
import { taxonomy } from '../../src/modules/matching/taxonomy.js';
import { adjacentTopIndustries } from '../../src/modules/reference/index.js';

const neighbours = (id: string) => {
  const tax = taxonomy();
  return tax.adjacent[tax.industryIndex.get(id)!]!.map((i) => tax.industryIds[i]!).sort();
};

describe('adjacency on the industry chains', () => {
  const adjacency = chainIndustryAdjacency();

  it('links the sub-industries of a node with those of the nodes it feeds and is fed by, both ways', () => {
    // 正极材料 (new-materials.battery) feeds 动力电池 (nev.battery) on the car chain.
    expect(adjacency.subs.get('new-materials.battery')).toContain('nev.battery');
    expect(adjacency.subs.get('nev.battery')).toContain('new-materials.battery');
    // 车规芯片 (semiconductor.power) feeds 电驱 on the same chain; sensors feed ADAS.
    expect(adjacency.subs.get('iot.sensor')).toEqual(expect.arrayContaining(['nev.adas']));
  });

  it('never links two sub-industries of one industry, nor an industry to itself, and is symmetric', () => {
    for (const [sub, others] of adjacency.subs) {
      for (const other of others) {
        expect(other.split('.')[0], `${sub} ~ ${other}`).not.toBe(sub.split('.')[0]);
        expect(adjacency.subs.get(other), `${other} ~ ${sub}`).toContain(sub);
      }
    }
    for (const [top, others] of adjacency.tops) {
      expect(others).not.toContain(top);
      for (const other of others) expect(adjacency.tops.get(other)).toContain(top);
    }
  });

  it('links two industries when one chain lists a sub-industry of the other', () => {
    expect(adjacency.tops.get('nev')).toEqual(expect.arrayContaining(['new-materials', 'semiconductor']));
    expect(adjacency.tops.get('new-materials')).toContain('nev');
  });
});

describe('the matching taxonomy by adjacency source', () => {
  afterAll(() => useIndustryAdjacency(INDUSTRY_ADJACENCY));

  it('uses the taxonomy, the chains, or both, as asked; the default is the one eval:match chose', () => {
    expect(industryAdjacency()).toBe(INDUSTRY_ADJACENCY);
    useIndustryAdjacency('taxonomy');
    expect(neighbours('nev')).toEqual(adjacentTopIndustries('nev').sort());
    const fromTaxonomy = neighbours('photovoltaic');

    useIndustryAdjacency('chain');
    const chain = chainIndustryAdjacency();
    expect(neighbours('nev')).toEqual(chain.tops.get('nev'));
    expect(neighbours('new-materials.battery')).toEqual(
      expect.arrayContaining(chain.subs.get('new-materials.battery')!),
    );

    useIndustryAdjacency('taxonomy+chain');
    const both = neighbours('photovoltaic');
    expect(both).toEqual(expect.arrayContaining(fromTaxonomy));
    expect(both).toEqual(expect.arrayContaining(chain.tops.get('photovoltaic') ?? []));
  });
});
