/**
 * Funded peers of a plan or project: rounds at the same stage in the same sub-industry (the
 * top industry when the sub-industry has fewer than MIN_ROUNDS), from the library. Typical
 * round size (quartiles of disclosed amounts, interpolated as SQL's percentile_cont), time to
 * the next round, how often a round was followed by another (rounds at least 18 months old),
 * the team size peers list and the share holding patents. Tests check every figure against SQL.
 */
import { type PeerFigures, stageLabel } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/database/index.js';
import { getIndustry, topIndustryId } from '../reference/index.js';

export const MIN_ROUNDS = 8;
/** A round this old had time to be followed by another. */
export const NEXT_ROUND_AGE_DAYS = 548;

/** Linear interpolation between order statistics, as percentile_cont. */
export function percentile(sorted: number[], p: number): number | null {
  if (!sorted.length) return null;
  const pos = p * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

interface PeerRound {
  id: number;
  project_id: number;
  name: string;
  date: string;
  amount: number | null;
  amount_text: string;
  next_date: string | null;
  age_days: number;
  team_size: number;
  patents: number;
}

const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

async function roundsOf(db: Db, industryId: string, stage: number, today: string): Promise<PeerRound[]> {
  return selectRows<PeerRound>(
    db,
    sql`select r.id::int as id, r.project_id::int as project_id, coalesce(nullif(p.brand_name, ''), p.name) as name,
          to_char(r.date, 'YYYY-MM-DD') as date, r.amount, r.amount_text,
          (select to_char(min(n.date), 'YYYY-MM-DD') from rounds n
            where n.project_id = r.project_id and n.date > r.date) as next_date,
          (${today}::date - r.date)::int as age_days,
          jsonb_array_length(p.team)::int as team_size, jsonb_array_length(p.patents)::int as patents
        from rounds r join projects p on p.id = r.project_id
        where r.stage = ${stage} and r.date <= ${today}::date
          and (p.industry_id = ${industryId} or ${industryId} = any(p.industries))
        order by r.date desc, r.id desc`,
  );
}

export function emptyPeers(industryId = '', stage = 0): PeerFigures {
  return {
    basis: 'none',
    industryId,
    industryName: industryId ? (getIndustry(industryId)?.name ?? '') : '',
    stage,
    stageLabel: stage ? stageLabel(stage) : '',
    roundCount: 0,
    projectCount: 0,
    amountCount: 0,
    medianAmount: null,
    p25Amount: null,
    p75Amount: null,
    medianGapDays: null,
    nextRoundRate: null,
    nextRoundBase: 0,
    teamMedian: null,
    patentShare: null,
    examples: [],
  };
}

const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/** Peer figures for an industry (sub or top) and a stage; `today` fixes "18 months old" (YYYY-MM-DD). */
export async function peerFigures(
  db: Db,
  industryId: string | null,
  stage: number | null,
  options: { today?: string; excludeProjectId?: number | null } = {},
): Promise<PeerFigures> {
  if (!industryId || !stage) return emptyPeers(industryId ?? '', stage ?? 0);
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  let basis: PeerFigures['basis'] = 'sub';
  let used = industryId;
  let rows = await roundsOf(db, industryId, stage, today);
  const top = topIndustryId(industryId);
  if (rows.length < MIN_ROUNDS && top && top !== industryId) {
    basis = 'top';
    used = top;
    rows = await roundsOf(db, top, stage, today);
  }
  if (options.excludeProjectId) rows = rows.filter((r) => r.project_id !== options.excludeProjectId);
  if (!rows.length) return { ...emptyPeers(used, stage), basis };
  const amounts = rows
    .map((r) => r.amount)
    .filter((a): a is number => a !== null)
    .sort((a, b) => a - b);
  const gaps = rows
    .filter((r) => r.next_date)
    .map((r) => daysBetween(r.date, r.next_date!))
    .sort((a, b) => a - b);
  const old = rows.filter((r) => r.age_days >= NEXT_ROUND_AGE_DAYS);
  const projects = new Map<number, PeerRound>();
  for (const r of rows) if (!projects.has(r.project_id)) projects.set(r.project_id, r);
  const teams = [...projects.values()].map((p) => p.team_size).sort((a, b) => a - b);
  const withPatents = [...projects.values()].filter((p) => p.patents > 0).length;
  return {
    basis,
    industryId: used,
    industryName: getIndustry(used)?.name ?? used,
    stage,
    stageLabel: stageLabel(stage),
    roundCount: rows.length,
    projectCount: projects.size,
    amountCount: amounts.length,
    medianAmount: round1(percentile(amounts, 0.5)),
    p25Amount: round1(percentile(amounts, 0.25)),
    p75Amount: round1(percentile(amounts, 0.75)),
    medianGapDays: gaps.length ? Math.round(percentile(gaps, 0.5)!) : null,
    nextRoundRate: old.length
      ? Math.round((old.filter((r) => r.next_date).length / old.length) * 1000) / 1000
      : null,
    nextRoundBase: old.length,
    teamMedian: round1(percentile(teams, 0.5)),
    patentShare: projects.size ? Math.round((withPatents / projects.size) * 1000) / 1000 : null,
    examples: rows.slice(0, 6).map((r) => ({
      pid: r.project_id,
      name: r.name,
      date: r.date,
      stageLabel: stageLabel(stage),
      amount: r.amount,
      amountText: r.amount_text,
    })),
  };
}

/** Institutions most active in the peers' industry over the last three years. */
export async function activeInvestors(db: Db, industryId: string, today?: string) {
  const day = today ?? new Date().toISOString().slice(0, 10);
  return selectRows<{ oid: number; name: string; deals: number }>(
    db,
    sql`select i.id::int as oid, coalesce(nullif(i.short_name, ''), i.name) as name, count(distinct r.id)::int as deals
        from rounds r join projects p on p.id = r.project_id
          join round_investors ri on ri.round_id = r.id
          join institutions i on i.id = ri.institution_id
        where (p.industry_id = ${industryId} or ${industryId} = any(p.industries))
          and r.date > ${day}::date - interval '3 years' and r.date <= ${day}::date
        group by i.id, i.short_name, i.name
        order by deals desc, i.id
        limit 8`,
  );
}
