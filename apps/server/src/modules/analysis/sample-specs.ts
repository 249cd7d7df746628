/**
 * Plan specs from demo projects (for tests, the eval and the bench): projects at a venture
 * stage whose sub-industry has funded peers, with the peers' median as a clean ask and peers'
 * names as competitors.
 */
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/database/index.js';
import { peerFigures } from './peers.js';
import type { Defect, PlanSpec } from './sample-plans.js';

interface Candidate {
  id: number;
  name: string;
  brand_name: string;
  sub: string;
  stage: number;
  description: string;
  products: string;
  founded_year: number | null;
  team: { name: string; title: string; bio?: string }[];
  patents: number;
}

/** Up to `count` projects (stage A–C) whose peers (sub-industry, else top industry) disclosed at least 5 amounts, in id order. */
export async function planCandidates(
  db: Db,
  count: number,
  today?: string,
): Promise<Omit<PlanSpec, 'defects'>[]> {
  const rows = await selectRows<Candidate>(
    db,
    sql`select p.id::int as id, p.name, p.brand_name,
          (select i from unnest(p.industries) i where i like '%.%' limit 1) as sub,
          p.stage, p.description, p.products, p.founded_year, p.team, jsonb_array_length(p.patents)::int as patents
        from projects p
        where p.stage in (3, 4, 5) and jsonb_array_length(p.team) >= 2
          and exists (select 1 from unnest(p.industries) i where i like '%.%')
        order by p.id
        limit ${count * 6}`,
  );
  const out: Omit<PlanSpec, 'defects'>[] = [];
  for (const row of rows) {
    if (out.length >= count) break;
    const peers = await peerFigures(db, row.sub, row.stage, { today, excludeProjectId: row.id });
    if (peers.basis === 'none' || peers.amountCount < 5 || peers.medianAmount === null) continue;
    out.push({
      project: {
        name: row.name,
        brandName: row.brand_name,
        subIndustry: row.sub,
        stage: row.stage,
        description: row.description,
        products: row.products,
        foundedYear: row.founded_year,
        team: row.team,
        patents: row.patents,
      },
      ask: Math.round(peers.medianAmount),
      peerMedian: peers.medianAmount,
      competitors: peers.examples.map((e) => e.name).filter((n) => n !== row.brand_name && n !== row.name),
      seed: row.id,
    });
  }
  return out;
}

export type { Defect };
