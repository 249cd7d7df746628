/**
 * A node's (or a whole chain's) investment activity, shaped for charts: deals and disclosed
 * amounts per quarter, the mix of stages, and the institutions with the most deals (and
 * leads). Rounds of the projects placed on the node in the current generation.
 */
import { stageLabel } from '@jq/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/database/index.js';

export interface Investment {
  since: string;
  deals: number;
  /** Disclosed, 万元. */
  amount: number;
  companies: number;
  timeline: { periods: string[]; deals: number[]; amounts: number[] };
  stages: { stage: number; label: string; deals: number; amount: number }[];
  investors: { id: number; name: string; deals: number; leads: number }[];
}

const quarterOf = (date: string) =>
  `${date.slice(0, 4)}Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;

/** Every quarter from the one `years` years back to the current one, oldest first. */
export function quarters(today: Date, years: number): string[] {
  const out: string[] = [];
  let year = today.getUTCFullYear() - years;
  let q = Math.floor(today.getUTCMonth() / 3) + 2;
  if (q > 4) {
    q = 1;
    year += 1;
  }
  const endYear = today.getUTCFullYear();
  const endQ = Math.floor(today.getUTCMonth() / 3) + 1;
  while (year < endYear || (year === endYear && q <= endQ)) {
    out.push(`${year}Q${q}`);
    q += 1;
    if (q > 4) {
      q = 1;
      year += 1;
    }
  }
  return out;
}

/** The rows a scope covers: one node (or finer node), or the top-level nodes of a chain. */
export function placementScope(generation: number, id: string): SQL {
  return id.includes('/')
    ? sql`pl.generation = ${generation} and pl.entity_type = 'project' and pl.node_id = ${id}`
    : sql`pl.generation = ${generation} and pl.entity_type = 'project' and pl.chain_id = ${id}
          and pl.node_id not like '%/%/%'`;
}

export async function investmentOf(
  db: Db,
  generation: number,
  id: string,
  years: number,
  today = new Date(),
) {
  const periods = quarters(today, years);
  const since = `${periods[0]!.slice(0, 4)}-${String((Number(periods[0]!.slice(5)) - 1) * 3 + 1).padStart(2, '0')}-01`;
  const scope = placementScope(generation, id);
  const rounds = await selectRows<{
    id: number | string;
    date: string;
    stage: number;
    amount: number | null;
    project_id: number | string;
  }>(
    db,
    sql`select r.id, r.date::text as date, r.stage, r.amount, r.project_id
        from chain_placements pl join rounds r on r.project_id = pl.entity_id
        where ${scope} and r.date >= ${since}::date and r.date <= current_date`,
  );
  const investors = await selectRows<{ id: number | string; name: string; deals: number; leads: number }>(
    db,
    sql`select i.id, coalesce(nullif(i.short_name, ''), i.name) as name,
          count(distinct r.id)::int as deals, count(distinct r.id) filter (where ri.is_lead)::int as leads
        from chain_placements pl
        join rounds r on r.project_id = pl.entity_id
        join round_investors ri on ri.round_id = r.id
        join institutions i on i.id = ri.institution_id
        where ${scope} and r.date >= ${since}::date and r.date <= current_date
        group by i.id, i.name, i.short_name
        order by deals desc, leads desc, i.id
        limit 10`,
  );
  const index = new Map(periods.map((p, i) => [p, i]));
  const deals = periods.map(() => 0);
  const amounts = periods.map(() => 0);
  const stages = new Map<number, { deals: number; amount: number }>();
  let amount = 0;
  for (const r of rounds) {
    const i = index.get(quarterOf(r.date));
    if (i === undefined) continue;
    deals[i]! += 1;
    amounts[i]! += r.amount ?? 0;
    amount += r.amount ?? 0;
    const s = stages.get(r.stage) ?? { deals: 0, amount: 0 };
    s.deals += 1;
    s.amount += r.amount ?? 0;
    stages.set(r.stage, s);
  }
  return {
    since,
    deals: rounds.length,
    amount,
    companies: new Set(rounds.map((r) => Number(r.project_id))).size,
    timeline: { periods, deals, amounts: amounts.map((a) => Math.round(a / 1000) / 10) },
    stages: [...stages.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([stage, s]) => ({ stage, label: stageLabel(stage), deals: s.deals, amount: s.amount })),
    investors: investors.map((r) => ({ id: Number(r.id), name: r.name, deals: r.deals, leads: r.leads })),
  } satisfies Investment;
}
