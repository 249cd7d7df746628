/**
 * `npm run eval:assistant`: asks the assistant (local engine, over the real app) the
 * questions in apps/server/eval/assistant-questions.json on the default demo data and scores
 * each answer against expectations computed from the database by SQL at eval time:
 * numbers within ±1%, ranking overlap of the top 5 (ties counted), named records that exist
 * and fit the filters, verbatim quotes, and the right kind of reply for greetings, refusals,
 * questions back, impossible periods and empty aggregates. Prints a table per intent and
 * the failures. Options: --scale default|test (test: the small test library), --only N.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { users } from '../src/db/schema.js';
import { createSession } from '../src/modules/account/sessions.js';
import { loadDemoData } from '../src/modules/demo/index.js';
import { type Db, selectRows } from '../src/platform/database/index.js';
import { createPlatform } from '../src/platform/index.js';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: 'default' },
    only: { type: 'string' },
    verbose: { type: 'boolean' },
  },
});

interface PeriodSpec {
  months?: number;
  sinceYear?: number;
  year?: number;
  half?: 1 | 2;
  lastYear?: boolean;
}
interface Check {
  type: string;
  metric?: 'avg' | 'sum' | 'count' | 'median';
  industry?: string;
  stage?: number[];
  region?: string;
  period?: PeriodSpec;
  amountMin?: number;
  groupBy?: 'industry' | 'region' | 'stage';
  by?: 'count' | 'sum';
  target?: 'institution' | 'investor';
  names?: string[];
  side?: 'investors' | 'projects';
  kind?: string;
  word?: string;
}
interface Question {
  q: string;
  intent: string;
  check: Check;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const file = path.resolve(here, 'assistant-questions.json');
const { questions } = JSON.parse(readFileSync(file, 'utf8')) as { questions: Question[] };

// ---- expectations by SQL -------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');
function todayBeijing(): { y: number; m: number; d: number } {
  const t = new Date(Date.now() + 8 * 3600_000);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}
function periodDates(p: PeriodSpec | undefined): { from: string; to: string } | null {
  if (!p) return null;
  const t = todayBeijing();
  const today = `${t.y}-${pad(t.m)}-${pad(t.d)}`;
  if (p.months) {
    const total = t.y * 12 + (t.m - 1) - p.months;
    const y = Math.floor(total / 12);
    const m = (total % 12) + 1;
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const start = new Date(Date.UTC(y, m - 1, Math.min(t.d, last)) + 86_400_000);
    return { from: start.toISOString().slice(0, 10), to: today };
  }
  if (p.sinceYear) return { from: `${p.sinceYear}-01-01`, to: today };
  const y = p.lastYear ? t.y - 1 : p.year!;
  if (p.half === 1) return { from: `${y}-01-01`, to: `${y}-06-30` };
  if (p.half === 2) return { from: `${y}-07-01`, to: `${y}-12-31` };
  return { from: `${y}-01-01`, to: `${y}-12-31` };
}

async function industryIds(db: Db, name: string): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select id from industries where name = ${name} or parent_id in (select id from industries where name = ${name})`,
  );
  return rows.map((r) => r.id);
}
async function regionCodes(db: Db, name: string): Promise<string[]> {
  const rows = await selectRows<{ code: string }>(
    db,
    sql`select code from regions where short_name = ${name} or name = ${name}
        or parent_code in (select code from regions where short_name = ${name} or name = ${name})`,
  );
  return rows.map((r) => r.code);
}
const arr = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

async function roundWhere(db: Db, c: Check): Promise<SQL> {
  const parts: SQL[] = [sql`true`];
  if (c.industry) parts.push(sql`p.industries && ${arr(await industryIds(db, c.industry))}`);
  if (c.stage?.length)
    parts.push(
      sql`r.stage = any(${sql`array[${sql.join(
        c.stage.map((s) => sql`${s}`),
        sql`, `,
      )}]::int[]`})`,
    );
  if (c.region) {
    const codes = arr(await regionCodes(db, c.region));
    parts.push(sql`(p.province_code = any(${codes}) or p.city_code = any(${codes}))`);
  }
  const period = periodDates(c.period);
  if (period) parts.push(sql`r.date between ${period.from}::date and ${period.to}::date`);
  if (c.amountMin != null) parts.push(sql`r.amount >= ${c.amountMin}`);
  return sql.join(parts, sql` and `);
}

// ---- reading answers -----------------------------------------------------------------

function wanOf(text: string): number | null {
  const m = text.match(/([\d.]+) (亿元|万元)/);
  return m ? Number(m[1]) * (m[2] === '亿元' ? 10_000 : 1) : null;
}
function numberIn(text: string, metric: string): number | null {
  const first = text.split('\n').slice(0, 3).join('\n');
  if (metric === 'count') {
    const m = first.match(/共(?:有)? \*\*(\d+)\*\* 笔/) ?? first.match(/共(?:有)? (\d+) 笔/);
    return m ? Number(m[1]) : null;
  }
  const word = { avg: '平均', sum: '(?:合计|总额)', median: '中位数' }[metric]!;
  const m = first.match(new RegExp(`${word}[^*\\n]{0,8}\\*\\*([\\d.]+ (?:亿元|万元))\\*\\*`));
  return m ? wanOf(m[1]!) : null;
}
const linkedIds = (text: string, kind: 'oid' | 'pid' | 'iid') =>
  [...text.matchAll(new RegExp(`[?&]${kind}=(\\d+)\\)`, 'g'))].map((m) => Number(m[1]));

interface Asked {
  text: string;
  quotes: { pid: number; pages: number[]; text: string }[];
  ms: number;
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'jq-eval-assistant-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
  });
  const platform = await createPlatform(config);
  await platform.database.migrate();
  const t0 = performance.now();
  await loadDemoData(
    platform,
    args.scale === 'test'
      ? { seed: 1, scale: { institutions: 20, investors: 120, projects: 300, reports: 10, news: 5 } }
      : { scale: 'default' },
  );
  console.info(`演示数据已加载（${((performance.now() - t0) / 1000).toFixed(1)} 秒）`);
  const app = await buildApp({ config, platform });
  await app.ready();
  const db = platform.database.db;

  let cookie = '';
  let turns = 99;
  const ask = async (question: string): Promise<Asked> => {
    if (turns >= 8) {
      const [user] = await db.insert(users).values({ uguid: randomUUID(), name: '评测用户' }).returning();
      cookie = `jq_session=${(await createSession(db, user!.id)).token}`;
      turns = 0;
    }
    turns++;
    const headers = { cookie };
    const created = await app.inject({ method: 'POST', url: '/api/chat/createchat', headers, payload: {} });
    const chatuuid = created.json().data.chatuuid as string;
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/schat',
      headers,
      payload: { chatuuid, question },
    });
    const events = res.body
      .split('\n\n')
      .filter((c) => c.startsWith('data: '))
      .map((c) => JSON.parse(c.slice(6)) as Record<string, unknown>);
    return {
      text: events
        .filter((e) => e.type === 'delta')
        .map((e) => e.content)
        .join(''),
      quotes: (events.find((e) => e.type === 'quote')?.quotes ?? []) as Asked['quotes'],
      ms: performance.now() - started,
    };
  };

  // Placeholders: the institutions with the most deals, by short name.
  const top = await selectRows<{ short_name: string }>(
    db,
    sql`select o.short_name from institutions o join round_investors ri on ri.institution_id = o.id
        where o.short_name <> '' group by o.id, o.short_name order by count(distinct ri.round_id) desc, o.id limit 6`,
  );
  const fill = (q: string) => q.replace(/\{org(\d)\}/g, (_, n) => top[Number(n) - 1]?.short_name ?? '');

  type Scored = { q: string; intent: string; score: number; why: string; ms: number };
  const results: Scored[] = [];
  const list = args.only ? questions.slice(0, Number(args.only)) : questions;
  for (const item of list) {
    const q = fill(item.q);
    const c = item.check;
    const a = await ask(q);
    let score = 0;
    let why = '';
    const t = a.text;
    try {
      switch (c.type) {
        case 'number': {
          const where = await roundWhere(db, c);
          const agg = {
            avg: sql`avg(r.amount)`,
            sum: sql`sum(r.amount)`,
            count: sql`count(*)`,
            median: sql`percentile_cont(0.5) within group (order by r.amount)`,
          }[c.metric!];
          const [row] = await selectRows<{ v: string | number | null }>(
            db,
            sql`select ${agg} as v from rounds r join projects p on p.id = r.project_id where ${where}`,
          );
          const expected = row?.v === null || row?.v === undefined ? null : Number(row.v);
          const got = numberIn(t, c.metric!);
          if (expected === null || (c.metric === 'count' && expected === 0)) {
            score = /没有/.test(t) && got === null ? 1 : 0;
            why = `期望无数据，答：${t.slice(0, 60)}`;
          } else {
            score =
              got !== null &&
              Math.abs(got - expected) <= Math.max(0.01 * Math.abs(expected), c.metric === 'count' ? 0 : 0.5)
                ? 1
                : 0;
            // 亿元 shown with 2 decimals: 1% of the value is the tolerance either way.
            if (!score && got !== null && Math.abs(got - expected) / expected <= 0.01) score = 1;
            why = `期望 ${expected.toFixed(1)}，答 ${got}`;
          }
          break;
        }
        case 'nodata':
          score = /没有融资记录|没有可计算/.test(t) && !/NaN|\*\*0\*\*/.test(t) ? 1 : 0;
          why = t.slice(0, 60);
          break;
        case 'topgroup': {
          const where = await roundWhere(db, c);
          const key = {
            industry: sql`p.industry_id`,
            region: sql`p.province_code`,
            stage: sql`r.stage::text`,
          }[c.groupBy!];
          const order = c.by === 'sum' ? sql`sum(r.amount)` : sql`count(*)`;
          const rows = await selectRows<{ k: string; v: string }>(
            db,
            sql`select ${key} as k, ${order} as v from rounds r join projects p on p.id = r.project_id where ${where} and ${key} is not null group by 1 order by 2 desc nulls last limit 3`,
          );
          const names: Record<string, string> = {};
          for (const r of rows) {
            const [n] =
              c.groupBy === 'industry'
                ? await selectRows<{ n: string }>(db, sql`select name as n from industries where id = ${r.k}`)
                : c.groupBy === 'region'
                  ? await selectRows<{ n: string }>(
                      db,
                      sql`select short_name as n from regions where code = ${r.k}`,
                    )
                  : [{ n: '' }];
            names[r.k] = n?.n ?? r.k;
          }
          const best = rows.filter((r) => r.v === rows[0]!.v).map((r) => names[r.k]!);
          const said = t.match(/最多的[^是]*是 \*\*(.+?)\*\*/)?.[1] ?? '';
          score = c.groupBy === 'stage' ? (said ? 1 : 0) : best.some((b) => said.includes(b)) ? 1 : 0;
          why = `期望 ${best.join('/')}，答 ${said}`;
          break;
        }
        case 'ranking': {
          const where = await roundWhere(db, c);
          const col = c.target === 'investor' ? sql`ri.investor_id` : sql`ri.institution_id`;
          const rows = await selectRows<{ id: string; n: string }>(
            db,
            sql`select ${col} as id, count(distinct r.id) as n from round_investors ri join rounds r on r.id = ri.round_id
                join projects p on p.id = r.project_id where ${col} is not null and ${where} group by 1 order by 2 desc`,
          );
          const counts = new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
          const fifth = Number(rows[Math.min(4, rows.length - 1)]?.n ?? 0);
          const got = linkedIds(t, c.target === 'investor' ? 'iid' : 'oid').slice(0, 5);
          const want = Math.min(5, rows.length);
          if (!want) {
            score = /没有/.test(t) ? 1 : 0;
          } else {
            const hits = got.filter((id) => (counts.get(id) ?? 0) >= fifth).length;
            score = Math.min(1, hits / want);
          }
          why = `前 5 命中 ${Math.round(score * want)}/${want}`;
          break;
        }
        case 'compare': {
          let ok = 0;
          const names = c.names!.map((n) => fill(`{${n}}`));
          for (const name of names) {
            const [row] = await selectRows<{ n: string }>(
              db,
              sql`select count(distinct ri.round_id) as n from institutions o join round_investors ri on ri.institution_id = o.id where o.short_name = ${name}`,
            );
            const col = t.includes(name) && t.includes(`${Number(row?.n ?? 0)} 笔`);
            if (col) ok++;
          }
          score = ok / names.length;
          why = `${ok}/${names.length} 个名称及其交易数在表中`;
          break;
        }
        case 'missing': {
          const saysMissing = c.names!.every((n) => t.includes(`「${n}」`)) && t.includes('没有收录');
          const offered = linkedIds(t, 'oid');
          let exist = 0;
          for (const id of offered) {
            const [row] = await selectRows<{ n: string }>(
              db,
              sql`select count(*) as n from institutions where id = ${id}`,
            );
            if (Number(row?.n) === 1) exist++;
          }
          score = saysMissing && exist === offered.length ? 1 : 0;
          why = `说明缺失：${saysMissing}，给出的 ${offered.length} 个都存在：${exist === offered.length}`;
          break;
        }
        case 'match': {
          const kind = c.side === 'investors' ? 'oid' : 'pid';
          const ids = linkedIds(t, kind);
          const table = c.side === 'investors' ? sql`institutions` : sql`projects`;
          let fit = 0;
          for (const id of ids) {
            const [row] = await selectRows<{ n: string }>(
              db,
              c.side === 'projects'
                ? sql`select count(*) as n from projects p where p.id = ${id} and p.industries && ${arr(await industryIds(db, c.industry!))}`
                : sql`select count(*) as n from ${table} where id = ${id}`,
            );
            if (Number(row?.n) === 1) fit++;
          }
          score = ids.length >= 5 ? fit / ids.length : 0;
          why = `${ids.length} 条，其中 ${fit} 条存在${c.side === 'projects' ? '且属该行业' : ''}`;
          break;
        }
        case 'entities': {
          const kind = c.kind === 'project' ? 'pid' : 'oid';
          const ids = linkedIds(t, kind);
          let fit = 0;
          for (const id of ids) {
            const parts: SQL[] = [sql`x.id = ${id}`];
            if (c.industry) parts.push(sql`x.industries && ${arr(await industryIds(db, c.industry))}`);
            if (c.kind === 'project' && c.stage?.length) parts.push(sql`x.stage = ${c.stage[0]}`);
            if (c.kind === 'project' && c.region) {
              const codes = arr(await regionCodes(db, c.region));
              parts.push(sql`(x.province_code = any(${codes}) or x.city_code = any(${codes}))`);
            }
            const table = c.kind === 'project' ? sql`projects` : sql`institutions`;
            const [row] = await selectRows<{ n: string }>(
              db,
              sql`select count(*) as n from ${table} x where ${sql.join(parts, sql` and `)}`,
            );
            if (Number(row?.n) === 1) fit++;
          }
          score = ids.length ? fit / ids.length : /没有找到/.test(t) ? 1 : 0;
          why = `${ids.length} 条链接，${fit} 条存在且符合条件`;
          break;
        }
        case 'quotes': {
          if (!a.quotes.length) {
            score = 0;
            why = '没有引用';
            break;
          }
          let verbatim = 0;
          for (const quote of a.quotes) {
            const [page] = await selectRows<{ text: string }>(
              db,
              sql`select text from report_pages where report_id = ${quote.pid} and page_no = ${quote.pages[0]}`,
            );
            if (page?.text.includes(quote.text)) verbatim++;
          }
          score = verbatim / a.quotes.length;
          why = `${verbatim}/${a.quotes.length} 条引用逐字在页中`;
          break;
        }
        case 'intro':
          score = /金桥助手/.test(t) && t.includes('可以这样问我') ? 1 : 0;
          why = t.slice(0, 40);
          break;
        case 'refuse':
          score = /^抱歉[^。\n]*。$/.test(t.trim()) ? 1 : 0;
          why = t.slice(0, 60);
          break;
        case 'clarify':
          score = t.includes(`「${c.word}」`) && t.includes('你想看哪一个') ? 1 : 0;
          why = t.slice(0, 60);
          break;
        case 'impossible':
          score = (c.kind === 'future' ? /还没有到来/ : /结束早于开始/).test(t) ? 1 : 0;
          why = t.slice(0, 60);
          break;
        default:
          why = `未知的检查 ${c.type}`;
      }
    } catch (error) {
      why = `评测出错：${error instanceof Error ? error.message : String(error)}`;
    }
    // No line of an answer may repeat another.
    const lines = t
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !/^\|[\s\-:|]+\|$/.test(l));
    if (new Set(lines).size !== lines.length) {
      score = 0;
      why += '（有重复的行）';
    }
    results.push({ q, intent: item.intent, score, why, ms: a.ms });
    if (args.verbose) console.info(`${score.toFixed(2)} ${q} — ${why}`);
  }

  const intents = [...new Set(results.map((r) => r.intent))];
  console.info(
    `\n${results.length} 个问题，本地引擎，${args.scale === 'test' ? '测试规模' : '默认规模'}演示数据\n`,
  );
  console.info('| 意图 | 问题数 | 得分 |');
  console.info('|---|---:|---:|');
  for (const intent of intents) {
    const rows = results.filter((r) => r.intent === intent);
    const s = rows.reduce((sum, r) => sum + r.score, 0) / rows.length;
    console.info(`| ${intent} | ${rows.length} | ${(s * 100).toFixed(1)}% |`);
  }
  const total = results.reduce((sum, r) => sum + r.score, 0) / results.length;
  console.info(`| **全部** | **${results.length}** | **${(total * 100).toFixed(1)}%** |`);
  const failed = results.filter((r) => r.score < 1);
  if (failed.length) {
    console.info('\n未满分：');
    for (const f of failed) console.info(`- [${f.intent}] ${f.q}：${f.score.toFixed(2)}，${f.why}`);
  }
  const ok = total >= 0.9;
  console.info(`\n总分 ${(total * 100).toFixed(1)}%（目标 ≥ 90%）：${ok ? '达标' : '未达标'}`);
  await app.close();
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
