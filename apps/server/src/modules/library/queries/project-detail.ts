/**
 * A project's detail (ProjectInfo), its investors across rounds (ProjectOrgLink) and its
 * patents (PatentProjectDetail). Opening the detail counts as a view for a signed-in user.
 */
import { stageLabel } from '@jq/contract';
import { sql } from 'drizzle-orm';
import type { User } from '../../../db/schema.js';
import { notFound } from '../../../errors.js';
import { type Db, selectRows } from '../../../platform/database/index.js';
import { numOrNull, type ProjectRow, projectColumns, toProjectCard } from '../search/cards.js';
import { bigintArray } from '../search/conditions.js';
import { getVocabulary } from '../search/vocabulary.js';
import { listRelations } from './relations.js';
import { recordView } from './views.js';

interface DetailRow extends ProjectRow {
  full_description: string;
  products: string;
  website: string;
  team: { name: string; title: string; bio?: string }[];
  patent_count: number | string;
  contact_count: number | string;
}

export async function getProjectInfo(db: Db, pid: number, user: User | null) {
  const [row] = await selectRows<DetailRow>(
    db,
    sql`select ${projectColumns('p')}, p.description as full_description, p.products, p.website, p.team,
      jsonb_array_length(p.patents) as patent_count, jsonb_array_length(p.contacts) as contact_count
      from projects p where p.id = ${pid}`,
  );
  if (!row) throw notFound('项目不存在');
  const vocabulary = await getVocabulary(db);
  const [roundList, relations] = await Promise.all([
    listRounds(db, [pid]),
    user ? listRelations(db, user.id, pid) : Promise.resolve([]),
  ]);
  await recordView(db, user?.id, 'project', String(pid));
  return {
    ...toProjectCard(row, vocabulary),
    description: row.full_description,
    products: row.products,
    website: row.website,
    team: (row.team ?? []).map((m) => ({ name: m.name, title: m.title, ...(m.bio ? { bio: m.bio } : {}) })),
    patentCount: Number(row.patent_count),
    contactCount: Number(row.contact_count),
    rounds: roundList.get(pid) ?? [],
    relations,
  };
}

export interface RoundView {
  id: number;
  date: string;
  stage: number;
  stageLabel: string;
  amount: number | null;
  amountText: string;
  investors: { institutionId: number | null; investorId: number | null; name: string; isLead: boolean }[];
}

/** Rounds of projects, newest first, with their investors (lead first). */
export async function listRounds(db: Db, projectIds: number[], roundIds?: number[]) {
  const byProject = new Map<number, RoundView[]>();
  if (!projectIds.length && !roundIds?.length) return byProject;
  const where = roundIds
    ? sql`r.id = any(${bigintArray(roundIds)})`
    : sql`r.project_id = any(${bigintArray(projectIds)})`;
  const rows = await selectRows<{
    id: number | string;
    project_id: number | string;
    date: string;
    stage: number;
    amount: number | null;
    amount_text: string;
    investors: RoundView['investors'] | null;
  }>(
    db,
    sql`select r.id, r.project_id, r.date::text as date, r.stage, r.amount, r.amount_text,
      (select jsonb_agg(jsonb_build_object('institutionId', ri.institution_id, 'investorId', ri.investor_id,
          'name', coalesce(nullif(i.short_name, ''), i.name, v.name, ''), 'isLead', ri.is_lead)
          order by ri.is_lead desc, ri.institution_id)
        from round_investors ri left join institutions i on i.id = ri.institution_id
        left join investors v on v.id = ri.investor_id where ri.round_id = r.id) as investors
      from rounds r where ${where} order by r.date desc, r.id desc`,
  );
  for (const row of rows) {
    const list = byProject.get(Number(row.project_id)) ?? [];
    list.push({
      id: Number(row.id),
      date: row.date,
      stage: Number(row.stage),
      stageLabel: stageLabel(Number(row.stage)),
      amount: numOrNull(row.amount),
      amountText: row.amount_text || amountText(numOrNull(row.amount)),
      investors: (row.investors ?? []).map((i) => ({
        institutionId: numOrNull(i.institutionId),
        investorId: numOrNull(i.investorId),
        name: i.name,
        isLead: i.isLead,
      })),
    });
    byProject.set(Number(row.project_id), list);
  }
  return byProject;
}

/** 3000 万元 → 3000万元, 25000 → 2.5亿元; undisclosed amounts say so. */
export function amountText(amount: number | null): string {
  if (amount === null) return '金额未披露';
  if (amount >= 10_000) return `${Number((amount / 10_000).toFixed(2))}亿元`;
  return `${amount}万元`;
}

/** Institutions (and individual investors) in a project's rounds, with the rounds each joined. */
export async function listProjectInvestors(db: Db, pid: number) {
  await assertProject(db, pid);
  const rows = await selectRows<{
    institution_id: number | string | null;
    investor_id: number | string | null;
    name: string;
    type: string;
    logo: string;
    is_lead: boolean;
    rounds: { date: string; stage: number }[];
  }>(
    db,
    sql`select ri.institution_id, case when ri.institution_id is null then ri.investor_id end as investor_id,
        coalesce(i.name, v.name, '') as name, coalesce(i.type, '') as type, coalesce(i.logo, v.avatar, '') as logo,
        bool_or(ri.is_lead) as is_lead,
        jsonb_agg(jsonb_build_object('date', r.date::text, 'stage', r.stage) order by r.date) as rounds
      from rounds r join round_investors ri on ri.round_id = r.id
      left join institutions i on i.id = ri.institution_id
      left join investors v on v.id = ri.investor_id
      where r.project_id = ${pid}
      group by 1, 2, 3, 4, 5 order by bool_or(ri.is_lead) desc, min(r.date)`,
  );
  return {
    list: rows.map((r) => ({
      institutionId: numOrNull(r.institution_id),
      investorId: numOrNull(r.investor_id),
      name: r.name,
      type: r.type,
      logo: r.logo,
      isLead: r.is_lead,
      rounds: r.rounds.map((x) => ({
        date: x.date,
        stage: Number(x.stage),
        stageLabel: stageLabel(Number(x.stage)),
      })),
    })),
  };
}

export async function getProjectPatents(db: Db, pid: number) {
  const [row] = await selectRows<{
    patents: { title: string; number: string; type: string; date: string }[];
  }>(db, sql`select patents from projects where id = ${pid}`);
  if (!row) throw notFound('项目不存在');
  const list = (row.patents ?? []).map((p) => ({
    title: p.title ?? '',
    number: p.number ?? '',
    type: p.type ?? '',
    date: p.date ?? '',
  }));
  return { list, total: list.length };
}

export async function assertProject(db: Db, pid: number) {
  const [row] = await selectRows<{ id: number }>(db, sql`select id from projects where id = ${pid}`);
  if (!row) throw notFound('项目不存在');
}
