/**
 * The discovery feed (descovery): financing rounds as they happen, newest first, paged;
 * page 1 also carries the newest projects and the institutions with most deals lately.
 */
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../../platform/database/index.js';
import { type OrgRow, orgColumns, type ProjectRow, projectColumns, toProjectCard } from '../search/cards.js';
import { toOrgCards } from '../search/search-orgs.js';
import { getVocabulary } from '../search/vocabulary.js';
import { memo } from './memo.js';
import { listRounds } from './project-detail.js';

const HOT_TTL_MS = 10 * 60_000;

export async function getDiscoveryFeed(db: Db, { page, pageSize }: { page: number; pageSize: number }) {
  const vocabulary = await getVocabulary(db);
  const [rows, totals] = await Promise.all([
    selectRows<ProjectRow & { round_id: number | string }>(
      db,
      sql`select r.id as round_id, ${projectColumns('p')} from
        (select id, project_id, date from rounds order by date desc, id desc
          limit ${pageSize} offset ${(page - 1) * pageSize}) r
        join projects p on p.id = r.project_id order by r.date desc, r.id desc`,
    ),
    memo(db, 'rounds.count', 60_000, () =>
      selectRows<{ count: number | string }>(db, sql`select count(*) as count from rounds`),
    ),
  ]);
  const roundIds = rows.map((row) => Number(row.round_id));
  const rounds = new Map([...(await listRounds(db, [], roundIds)).values()].flat().map((r) => [r.id, r]));
  const list = rows.flatMap((row) => {
    const round = rounds.get(Number(row.round_id));
    if (!round) return [];
    return [{ type: 'round' as const, ...round, project: toProjectCard(row, vocabulary) }];
  });
  const isFirst = page === 1;
  return {
    list,
    total: Number(totals[0]?.count ?? 0),
    page,
    pageSize,
    newProjects: isFirst ? await listNewProjects(db) : [],
    hotInstitutions: isFirst ? await listHotInstitutions(db) : [],
  };
}

async function listNewProjects(db: Db) {
  const rows = await selectRows<ProjectRow>(
    db,
    sql`select ${projectColumns('p')} from projects p order by p.created_at desc, p.id desc limit 6`,
  );
  const vocabulary = await getVocabulary(db);
  return rows.map((row) => toProjectCard(row, vocabulary));
}

/** Most deals in the last 12 months (then overall), recomputed every ten minutes. */
export function listHotInstitutions(db: Db, count = 6) {
  return memo(db, `hot-institutions:${count}`, HOT_TTL_MS, async () => {
    const rows = await selectRows<OrgRow>(
      db,
      sql`select ${orgColumns('i')} from (
          select ri.institution_id,
            count(distinct r.id) filter (where r.date > current_date - interval '12 months') as recent,
            count(distinct r.id) as deals
          from round_investors ri join rounds r on r.id = ri.round_id
          where ri.institution_id is not null group by ri.institution_id
          order by recent desc, deals desc, ri.institution_id limit ${count}) h
        join institutions i on i.id = h.institution_id order by h.recent desc, h.deals desc, i.id`,
    );
    return toOrgCards(db, rows, await getVocabulary(db));
  });
}
