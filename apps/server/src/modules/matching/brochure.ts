/**
 * The project brochure (getProjectDisplayData): the project's public profile, its rounds
 * with their investors, a few header facts, and how many investors fit it. Contacts are
 * not part of it (they stay behind the library's unlock).
 */
import { stageLabel } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/database/index.js';
import { recommendForProject } from './project-side.js';
import { formatAmount } from './reasons.js';

export async function getBrochure(db: Db, pid: number) {
  const { project, ranked } = await recommendForProject(db, pid, 'investor');
  const [detail] = await selectRows<{
    description: string;
    products: string;
    website: string;
    founded_year: number | null;
    team: { name: string; title: string }[];
    patent_count: number;
  }>(
    db,
    sql`select description, products, website, founded_year, team, jsonb_array_length(patents)::int as patent_count
        from projects where id = ${pid}`,
  );
  const seats = await selectRows<{
    id: number;
    date: string;
    stage: number;
    amount: number | null;
    amount_text: string;
    institution_id: number | null;
    investor_id: number | null;
    name: string | null;
  }>(
    db,
    sql`select r.id::int, to_char(r.date, 'YYYY-MM-DD') as date, r.stage, r.amount, r.amount_text,
          ri.institution_id::int, ri.investor_id::int, coalesce(nullif(i.short_name, ''), i.name, v.name) as name
        from rounds r
        left join round_investors ri on ri.round_id = r.id
        left join institutions i on i.id = ri.institution_id
        left join investors v on v.id = ri.investor_id
        where r.project_id = ${pid}
        order by r.date desc, r.id desc, ri.is_lead desc`,
  );
  const rounds = new Map<
    number,
    {
      id: number;
      date: string;
      stage: number;
      stageLabel: string;
      amount: number | null;
      amountText: string;
      investors: { kind: 'investor' | 'institution'; id: number; name: string }[];
    }
  >();
  for (const seat of seats) {
    if (!rounds.has(seat.id))
      rounds.set(seat.id, {
        id: seat.id,
        date: seat.date,
        stage: Number(seat.stage),
        stageLabel: stageLabel(Number(seat.stage)),
        amount: seat.amount === null ? null : Number(seat.amount),
        amountText: seat.amount_text,
        investors: [],
      });
    const round = rounds.get(seat.id)!;
    const investor =
      seat.institution_id !== null
        ? { kind: 'institution' as const, id: seat.institution_id }
        : seat.investor_id !== null
          ? { kind: 'investor' as const, id: seat.investor_id }
          : undefined;
    if (
      investor &&
      seat.name &&
      !round.investors.some((i) => i.kind === investor.kind && i.id === investor.id)
    )
      round.investors.push({ ...investor, name: seat.name });
  }
  const list = [...rounds.values()];
  const raised = list.reduce((sum, r) => sum + (r.amount ?? 0), 0);
  const highlights = [
    list.length
      ? `已完成 ${list.length} 轮融资${raised ? `，已披露金额累计约 ${formatAmount(raised)}` : ''}`
      : '尚未披露融资记录',
    project.amountSought
      ? `本轮${project.stageLabel}拟融资 ${formatAmount(project.amountSought)}`
      : `当前阶段：${project.stageLabel}`,
    ...(detail?.founded_year ? [`成立于 ${detail.founded_year} 年`] : []),
    ...(detail?.patent_count ? [`拥有 ${detail.patent_count} 项专利`] : []),
  ];
  const { searchTokens: _tokens, provinceCode: _province, cityCode: _city, ...summary } = project;
  return {
    project: {
      ...summary,
      description: detail?.description ?? '',
      products: detail?.products ?? '',
      website: detail?.website ?? '',
      foundedYear: detail?.founded_year ?? null,
      team: (detail?.team ?? []).map((m) => ({ name: m.name, title: m.title })),
      patentCount: detail?.patent_count ?? 0,
    },
    rounds: list,
    highlights,
    matchingInvestorCount: ranked.total,
  };
}
