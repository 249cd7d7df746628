/**
 * The public square: every public, readable original, newest or hottest first, searchable by
 * title, description and file name; and the hot list — views, saves and citations in the last
 * 7 days (a citation weighs 5, a save 3, a view 1), ties broken by all-time activity.
 */
import { sql } from 'drizzle-orm';
import type { KnowledgeConfig } from '../../config.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { presentFiles, readableFiles, toFileRow } from './file-rows.js';
import type { Viewer } from './viewer.js';

type Raw = Record<string, unknown>;

const WEEK = sql`now() - interval '7 days'`;
const hotScore = sql`(select coalesce(sum(case e.kind when 'cite' then 5 when 'save' then 3 else 1 end), 0)
  from kb_events e where e.file_id = f.id and e.created_at >= ${WEEK})`;

export async function getSquare(
  db: Db,
  viewer: Viewer,
  config: KnowledgeConfig,
  query: {
    page: number;
    pageSize: number;
    keyword?: string | undefined;
    kind?: string | undefined;
    sort: 'new' | 'hot';
  },
) {
  const keyword = query.keyword ? `%${query.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`f.source_file_id is null and f.visibility = 'public'
    ${keyword ? sql`and (f.title ilike ${keyword} or f.description ilike ${keyword} or f.filename ilike ${keyword})` : sql``}
    ${query.kind ? sql`and c.kind = ${query.kind}` : sql``}`;
  const [total] = await selectRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from (${readableFiles(viewer, where)}) x`,
  );
  const order =
    query.sort === 'hot'
      ? sql`order by ${hotScore} desc, f.published_at desc nulls last, f.id desc`
      : sql`order by f.is_demo, coalesce(f.published_at, f.created_at) desc, f.id desc`;
  const rows = await selectRows<Raw>(
    db,
    readableFiles(
      viewer,
      where,
      sql`${order} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
  );
  const list = await presentFiles(db, rows.map(toFileRow), viewer, config);
  return { list, total: Number(total?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

export async function getHotList(db: Db, viewer: Viewer, config: KnowledgeConfig, limit: number) {
  const week = await selectRows<{ file_id: string | number; views: string; saves: string; cites: string }>(
    db,
    sql`select e.file_id,
        count(*) filter (where e.kind = 'view') as views,
        count(*) filter (where e.kind = 'save') as saves,
        count(*) filter (where e.kind = 'cite') as cites
      from kb_events e join kb_files f on f.id = e.file_id
      where e.created_at >= ${WEEK} and f.source_file_id is null and f.visibility = 'public'
      group by e.file_id
      order by count(*) filter (where e.kind = 'cite') * 5 + count(*) filter (where e.kind = 'save') * 3
        + count(*) filter (where e.kind = 'view') desc, e.file_id
      limit ${limit * 2}`,
  );
  const ids = week.map((w) => Number(w.file_id));
  const rows = ids.length
    ? (
        await selectRows<Raw>(
          db,
          readableFiles(viewer, sql`f.id = any(${sql.raw(`ARRAY[${ids.join(',')}]::bigint[]`)})`),
        )
      ).map(toFileRow)
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []).slice(0, limit);
  const files = await presentFiles(db, ordered, viewer, config);
  const counts = new Map(week.map((w) => [Number(w.file_id), w]));
  return {
    list: files.map((file) => {
      const w = counts.get(file.id)!;
      const views = Number(w.views);
      const saves = Number(w.saves);
      const cites = Number(w.cites);
      return { ...file, score: views + 3 * saves + 5 * cites, week: { views, saves, cites } };
    }),
  };
}
