/**
 * The figures an analysis is written from, all computed from the library: for a chain, the
 * concentration of companies and deals over its nodes, the hot nodes (most deals in the last
 * 12 months) with real rounds behind them, and the gaps (nodes with few funded companies);
 * for a node, its trend, stage mix, investor and regional concentration, and the product
 * lines inside it. Rounds named here are the only rounds an analysis may cite.
 */
import { stageLabel } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../../platform/database/index.js';
import type { ChainDef } from '../data/index.js';
import { SEGMENT_NAMES } from '../data/index.js';
import { type ChainStats, chainStats } from '../graph.js';
import { placementScope } from '../investment.js';
import { chainNodesOf, type NodeRef } from '../nodes.js';

export interface CitedRound {
  roundId: number;
  projectId: number;
  projectName: string;
  nodeName: string;
  date: string;
  stageLabel: string;
  amount: number | null;
  amountText: string;
  investors: string[];
}

export interface NodeFigures {
  id: string;
  name: string;
  segment: string;
  sparse: boolean;
  companies: number;
  funded: number;
  deals12m: number;
  dealsPrev12m: number;
  amount12m: number;
}

export interface ChainFacts {
  kind: 'chain';
  name: string;
  today: string;
  totals: ChainStats['totals'] & { nodes: number; dealsPrev12m: number };
  nodes: NodeFigures[];
  /** Share of companies on the three most crowded nodes (0–1), and those nodes. */
  companyTop3Share: number;
  companyTop3: string[];
  /** Herfindahl index of the last 12 months' deals over the nodes (0–1). */
  dealHhi: number;
  segmentDealShares: { segment: string; share: number }[];
  hot: (NodeFigures & { rounds: CitedRound[] })[];
  gaps: NodeFigures[];
}

export interface NodeFacts {
  kind: 'node';
  name: string;
  chainName: string;
  segment: string;
  today: string;
  figures: NodeFigures;
  /** The node's rank by deals of the last 12 months among the chain's nodes (1 = busiest). */
  rank: number;
  nodesInChain: number;
  /** Deals of the last 24 months by stage; the share of early ones (seed, angel, A). */
  stages: { label: string; deals: number }[];
  earlyShare: number;
  topInvestors: { name: string; deals: number }[];
  /** Share of the node's 24-month deals the three most active institutions joined. */
  investorTop3Share: number;
  topRegions: { name: string; companies: number }[];
  directions: { name: string; companies: number }[];
  recent: CitedRound[];
}

export type AnalysisFacts = ChainFacts | NodeFacts;

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0);

function figuresOf(chain: ChainDef, stats: ChainStats): NodeFigures[] {
  return chainNodesOf(chain).map(({ segment, node, id }) => {
    const s = stats.nodes[id]!;
    return {
      id,
      name: node.name,
      segment: SEGMENT_NAMES[segment.key],
      sparse: node.sparse,
      companies: s.companies,
      funded: s.funded,
      deals12m: s.deals12m,
      dealsPrev12m: s.dealsPrev12m,
      amount12m: s.amount12m,
    };
  });
}

/** Real rounds of a scope: the latest and the largest of the last 12 months first. */
export async function roundsOf(db: Db, generation: number, id: string, limit: number): Promise<CitedRound[]> {
  const rows = await selectRows<{
    id: number | string;
    project_id: number | string;
    project_name: string;
    node_id: string;
    date: string;
    stage: number;
    amount: number | null;
    amount_text: string;
    investors: string[] | null;
  }>(
    db,
    sql`select r.id, r.project_id, coalesce(nullif(p.brand_name, ''), p.name) as project_name, pl.node_id,
          r.date::text as date, r.stage, r.amount, r.amount_text,
          array(select coalesce(nullif(i.short_name, ''), i.name) from round_investors ri
                join institutions i on i.id = ri.institution_id
                where ri.round_id = r.id order by ri.is_lead desc, i.id limit 3) as investors
        from chain_placements pl
        join rounds r on r.project_id = pl.entity_id
        join projects p on p.id = pl.entity_id
        where ${placementScope(generation, id)} and r.date >= current_date - 365 and r.date <= current_date
        order by r.date desc, r.id desc
        limit 200`,
  );
  const latest = rows.slice(0, limit);
  const largest = [...rows]
    .filter((r) => r.amount !== null)
    .sort((a, b) => b.amount! - a.amount! || Number(b.id) - Number(a.id))
    .slice(0, limit);
  const picked = new Map<number, (typeof rows)[number]>();
  for (let i = 0; picked.size < limit && i < limit; i++) {
    for (const r of [largest[i], latest[i]]) if (r && picked.size < limit) picked.set(Number(r.id), r);
  }
  return [...picked.values()].map((r) => ({
    roundId: Number(r.id),
    projectId: Number(r.project_id),
    projectName: r.project_name,
    nodeName: r.node_id,
    date: r.date,
    stageLabel: stageLabel(r.stage),
    amount: r.amount,
    amountText: r.amount_text,
    investors: r.investors ?? [],
  }));
}

export async function chainFacts(db: Db, chain: ChainDef, generation: number): Promise<ChainFacts> {
  const stats = await chainStats(db, chain, generation);
  const nodes = figuresOf(chain, stats);
  const byCompanies = [...nodes].sort((a, b) => b.companies - a.companies);
  const top3 = byCompanies.slice(0, 3);
  const totalCompanyPlacements = nodes.reduce((sum, n) => sum + n.companies, 0);
  const totalDeals = nodes.reduce((sum, n) => sum + n.deals12m, 0);
  const hhi = nodes.reduce((sum, n) => sum + share(n.deals12m, totalDeals) ** 2, 0);
  const segments = [...new Set(nodes.map((n) => n.segment))];
  const hot = [...nodes]
    .filter((n) => n.deals12m > 0)
    .sort((a, b) => b.deals12m - a.deals12m || b.amount12m - a.amount12m)
    .slice(0, 3);
  const gaps = nodes
    .filter((n) => n.funded <= 2)
    .sort((a, b) => a.funded - b.funded || a.companies - b.companies)
    .slice(0, 5);
  return {
    kind: 'chain',
    name: chain.name,
    today: new Date().toISOString().slice(0, 10),
    totals: {
      ...stats.totals,
      nodes: nodes.length,
      dealsPrev12m: nodes.reduce((sum, n) => sum + n.dealsPrev12m, 0),
    },
    nodes,
    companyTop3Share: share(
      top3.reduce((sum, n) => sum + n.companies, 0),
      totalCompanyPlacements,
    ),
    companyTop3: top3.filter((n) => n.companies > 0).map((n) => n.name),
    dealHhi: Math.round(hhi * 1000) / 1000,
    segmentDealShares: segments.map((segment) => ({
      segment,
      share: share(
        nodes.filter((n) => n.segment === segment).reduce((sum, n) => sum + n.deals12m, 0),
        totalDeals,
      ),
    })),
    hot: await Promise.all(hot.map(async (n) => ({ ...n, rounds: await roundsOf(db, generation, n.id, 2) }))),
    gaps,
  };
}

export async function nodeFacts(db: Db, ref: NodeRef, generation: number): Promise<NodeFacts> {
  const stats = await chainStats(db, ref.chain, generation);
  const all = figuresOf(ref.chain, stats);
  const own = stats.nodes[ref.id]!;
  const figures: NodeFigures = {
    id: ref.id,
    name: ref.child?.name ?? ref.node.name,
    segment: SEGMENT_NAMES[ref.segment.key],
    sparse: ref.child ? false : ref.node.sparse,
    companies: own.companies,
    funded: own.funded,
    deals12m: own.deals12m,
    dealsPrev12m: own.dealsPrev12m,
    amount12m: own.amount12m,
  };
  const topId = ref.id.split('/').slice(0, 2).join('/');
  const ranked = [...all].sort((a, b) => b.deals12m - a.deals12m);
  const scope = placementScope(generation, ref.id);
  const stages = await selectRows<{ stage: number; deals: number }>(
    db,
    sql`select r.stage, count(*)::int as deals from chain_placements pl join rounds r on r.project_id = pl.entity_id
        where ${scope} and r.date >= current_date - 730 and r.date <= current_date
        group by r.stage order by deals desc, r.stage`,
  );
  const investors = await selectRows<{ id: number | string; name: string; deals: number }>(
    db,
    sql`select i.id, coalesce(nullif(i.short_name, ''), i.name) as name, count(distinct r.id)::int as deals
        from chain_placements pl join rounds r on r.project_id = pl.entity_id
        join round_investors ri on ri.round_id = r.id join institutions i on i.id = ri.institution_id
        where ${scope} and r.date >= current_date - 730 and r.date <= current_date
        group by i.id, i.name, i.short_name order by deals desc, i.id limit 3`,
  );
  const regions = await selectRows<{ name: string; companies: number }>(
    db,
    sql`select coalesce(g.name, '未知') as name, count(*)::int as companies
        from chain_placements pl join projects p on p.id = pl.entity_id
        left join regions g on g.code = p.province_code
        where ${scope} group by g.name order by companies desc, name limit 3`,
  );
  const directions = await selectRows<{ name: string; companies: number }>(
    db,
    sql`select p.tags[1] as name, count(*)::int as companies
        from chain_placements pl join projects p on p.id = pl.entity_id
        where ${scope} and cardinality(p.tags) > 0 group by 1 order by 2 desc, 1 limit 6`,
  );
  const deals24 = stages.reduce((sum, s) => sum + s.deals, 0);
  // Rounds any of the three joined, each counted once (they often co-invest).
  const [joined] = investors.length
    ? await selectRows<{ n: number }>(
        db,
        sql`select count(distinct r.id)::int as n
            from chain_placements pl join rounds r on r.project_id = pl.entity_id
            join round_investors ri on ri.round_id = r.id
            where ${scope} and r.date >= current_date - 730 and r.date <= current_date
              and ri.institution_id in (${sql.join(
                investors.map((i) => sql`${i.id}`),
                sql`, `,
              )})`,
      )
    : [{ n: 0 }];
  const early = stages.filter((s) => s.stage >= 1 && s.stage <= 3).reduce((sum, s) => sum + s.deals, 0);
  return {
    kind: 'node',
    name: figures.name,
    chainName: ref.chain.name,
    segment: figures.segment,
    today: new Date().toISOString().slice(0, 10),
    figures,
    rank: ranked.findIndex((n) => n.id === topId) + 1,
    nodesInChain: all.length,
    stages: stages.map((s) => ({ label: stageLabel(s.stage), deals: s.deals })),
    earlyShare: share(early, deals24),
    topInvestors: investors.map((i) => ({ name: i.name, deals: i.deals })),
    investorTop3Share: share(joined?.n ?? 0, deals24),
    topRegions: regions,
    directions,
    recent: await roundsOf(db, generation, ref.id, 3),
  };
}
