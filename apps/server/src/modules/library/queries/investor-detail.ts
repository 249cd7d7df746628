/**
 * An investor's detail (investorInfo): the person, their institution, their recent deals,
 * and contacts — masked with the spec's helper unless the user is an active VIP (investor
 * library access is a VIP benefit). Opening it counts as a view.
 */
import { maskText, stageLabel } from '@jq/contract';
import { sql } from 'drizzle-orm';
import type { User } from '../../../db/schema.js';
import { notFound } from '../../../errors.js';
import { isVipActive } from '../../../http/index.js';
import { type Db, selectRows } from '../../../platform/database/index.js';
import { type InvestorRow, investorColumns } from '../search/cards.js';
import { withInstitutionNames } from '../search/search-investors.js';
import { getVocabulary } from '../search/vocabulary.js';
import { amountText } from './project-detail.js';
import { recordView } from './views.js';

export async function getInvestorInfo(db: Db, id: number, user: User | null) {
  const [row] = await selectRows<
    InvestorRow & { full_bio: string; phone: string; email: string; wechat: string }
  >(
    db,
    sql`select ${investorColumns('v')}, v.bio as full_bio, v.phone, v.email, v.wechat from investors v where v.id = ${id}`,
  );
  if (!row) throw notFound('投资人不存在');
  const vocabulary = await getVocabulary(db);
  const [[card], org, deals] = await Promise.all([
    withInstitutionNames(db, [row], vocabulary),
    row.institutionId === null
      ? Promise.resolve([])
      : selectRows<{ id: number | string; name: string; short_name: string; logo: string }>(
          db,
          sql`select id, name, short_name, logo from institutions where id = ${row.institutionId}`,
        ),
    selectRows<{
      project_id: number | string;
      project_name: string;
      date: string;
      stage: number;
      amount: number | null;
      amount_text: string;
    }>(
      db,
      sql`select p.id as project_id, coalesce(nullif(p.brand_name, ''), p.name) as project_name, r.date::text as date,
          r.stage, r.amount, r.amount_text
        from round_investors ri join rounds r on r.id = ri.round_id join projects p on p.id = r.project_id
        where ri.investor_id = ${id} order by r.date desc, r.id desc limit 20`,
    ),
  ]);
  await recordView(db, user?.id, 'investor', String(id));
  const isUnlocked = !!user && isVipActive(user);
  const show = (value: string) => (isUnlocked ? value : maskText(value));
  const institution = org[0];
  return {
    ...card!,
    bio: row.full_bio,
    institution: institution
      ? {
          id: Number(institution.id),
          name: institution.name,
          shortName: institution.short_name,
          logo: institution.logo,
        }
      : null,
    contact: { phone: show(row.phone), email: show(row.email), wechat: show(row.wechat), isUnlocked },
    deals: deals.map((d) => ({
      projectId: Number(d.project_id),
      projectName: d.project_name,
      date: d.date,
      stage: Number(d.stage),
      stageLabel: stageLabel(Number(d.stage)),
      amountText: d.amount_text || amountText(d.amount === null ? null : Number(d.amount)),
    })),
  };
}
