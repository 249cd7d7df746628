/**
 * Guessed questions for the project and institution search boxes: from what the user
 * searched and looked at lately, then the industries with the most rounds lately. A signed-
 * out visitor gets the hot ones. Each question carries the keyword that answers it.
 */
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../../platform/database/index.js';
import { getVocabulary, industryName } from '../search/vocabulary.js';
import { memo } from './memo.js';
import { listRecentKeywords } from './saved-searches.js';

const COUNT = 6;

interface Question {
  question: string;
  keyword: string;
}

/** Top industries by rounds in the last 12 months (all time when there are none). */
export function listHotIndustries(db: Db, count = COUNT): Promise<string[]> {
  return memo(db, `hot-industries:${count}`, 10 * 60_000, async () => {
    const rows = await selectRows<{ industry_id: string }>(
      db,
      sql`select p.industry_id from rounds r join projects p on p.id = r.project_id
        group by p.industry_id
        order by count(*) filter (where r.date > current_date - interval '12 months') desc, count(*) desc, p.industry_id
        limit ${count}`,
    );
    return rows.map((r) => r.industry_id);
  });
}

/** Industries of the projects and institutions the user opened lately, most recent first. */
async function listViewedIndustries(db: Db, userId: number): Promise<string[]> {
  const rows = await selectRows<{ industry_id: string }>(
    db,
    sql`select p.industry_id from view_events v join projects p on p.id::text = v.target_id
      where v.user_id = ${userId} and v.target_type = 'project'
      group by p.industry_id order by max(v.viewed_at) desc limit 3`,
  );
  return rows.map((r) => r.industry_id);
}

async function gather(db: Db, userId: number | undefined) {
  const [keywords, viewed, hot] = await Promise.all([
    userId ? listRecentKeywords(db, userId) : Promise.resolve([]),
    userId ? listViewedIndustries(db, userId) : Promise.resolve([]),
    listHotIndustries(db),
  ]);
  const vocabulary = await getVocabulary(db);
  const names = (ids: string[]) => ids.map((id) => industryName(vocabulary, id)).filter(Boolean);
  return { keywords, viewed: names(viewed), hot: names(hot) };
}

function pick(candidates: Question[]): { list: Question[] } {
  const seen = new Set<string>();
  const list = candidates.filter((q) => !seen.has(q.question) && seen.add(q.question));
  return { list: list.slice(0, COUNT) };
}

export async function guessProjectQuestions(db: Db, userId: number | undefined) {
  const { keywords, viewed, hot } = await gather(db, userId);
  return pick([
    ...keywords.map((k) => ({ question: `「${k}」最近有哪些新项目？`, keyword: k })),
    ...viewed.map((name) => ({ question: `${name}领域还有哪些值得关注的项目？`, keyword: name })),
    ...hot.map((name, i) => ({
      question: i % 2 === 0 ? `${name}领域近期有哪些项目完成融资？` : `${name}赛道正在融资的项目有哪些？`,
      keyword: name,
    })),
  ]);
}

export async function guessOrgQuestions(db: Db, userId: number | undefined) {
  const { keywords, viewed, hot } = await gather(db, userId);
  return pick([
    ...viewed.map((name) => ({ question: `哪些机构最活跃地投资${name}？`, keyword: name })),
    ...keywords.map((k) => ({ question: `投过「${k}」相关项目的机构有哪些？`, keyword: k })),
    ...hot.flatMap((name, i) => [
      i % 2 === 0
        ? { question: `专注${name}的投资机构有哪些？`, keyword: name }
        : { question: `投资${name}A轮的机构有哪些？`, keyword: `${name} A轮` },
    ]),
  ]);
}
