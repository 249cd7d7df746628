/**
 * The data a search benchmark runs on, in one database: the generator's dataset (inserted
 * the way `loadDemoData` does, so one generation serves both engines), a signed-in user
 * with saved full searches, and keywords drawn from the data itself — parts of real
 * company names and institution short names — next to topic words users type.
 */
import { SESSION_COOKIE } from '@jq/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../src/config.js';
import { users } from '../src/db/schema.js';
import { createSession } from '../src/modules/account/sessions.js';
import {
  type DemoDataset,
  hasLibraryData,
  insertDataset,
  readIdOffsets,
  tidyLibraryIndexes,
} from '../src/modules/demo/index.js';
import { createFullSearch } from '../src/modules/library/queries/saved-searches.js';
import { syncReferenceData } from '../src/modules/reference/index.js';
import { type Db, selectRows } from '../src/platform/database/index.js';
import { createPlatform } from '../src/platform/index.js';

export interface BenchData {
  cookie: string;
  savedSearchIds: number[];
  projectKeywords: string[];
  orgKeywords: string[];
  projects: number;
  institutions: number;
}

const PROJECT_TOPICS = [
  '新能源汽车 A轮',
  '人工智能',
  'AI 大模型',
  '芯片',
  '医疗器械 B轮',
  '锂电池',
  '储能',
  '深圳 医疗',
  '商业火箭',
  '机器人 天使轮',
  'SaaS',
  '跨境电商',
  '北京 人工智能 A轮',
  '光伏逆变器',
  '合成生物',
  '杭州 企业服务',
];
const ORG_TOPICS = [
  '新能源汽车 A轮',
  '天使投资',
  '人工智能',
  '医疗',
  '深圳 创投',
  '政府引导基金',
  '半导体 B轮',
  '消费',
];

const SAVED: Record<string, unknown>[] = [
  { keyword: '', industry: ['nev'], stage: [3], sort: 'latest' },
  { keyword: '', industry: ['ai'], region: ['110000'], sort: 'latest' },
  {
    keyword: '',
    industry: ['semiconductor'],
    stage: [3, 4, 5],
    amountMin: 5000,
    amountMax: 50000,
    sort: 'amount',
  },
  { keyword: '', region: ['440000'], stage: [2], foundedFrom: 2018, sort: 'latest' },
  { keyword: '电池', industry: ['nev', 'energy-storage'], stage: [3, 4], sort: 'relevance' },
  { keyword: '医疗', region: ['310000'], sort: 'relevance' },
  { keyword: '', industry: ['biomedicine'], amountMin: 1000, amountMax: 10000, sort: 'latest' },
  { keyword: '机器人', stage: [1, 2, 3], sort: 'relevance' },
];

/** Inserts the dataset unless the library has data (a reused PGlite folder). */
export async function prepareBenchData(config: Config, dataset: () => DemoDataset): Promise<BenchData> {
  const platform = await createPlatform(config);
  try {
    await platform.database.migrate();
    const db = platform.database.db;
    await syncReferenceData(db);
    if (!(await hasLibraryData(db))) {
      const data = dataset();
      const t0 = performance.now();
      await db.transaction(async (tx) => insertDataset(tx, data, await readIdOffsets(tx)));
      await tidyLibraryIndexes(db);
      // Vacuum now, or PostgreSQL's autovacuum visits the 100k fresh rows during the measurement.
      if (platform.database.engine === 'postgresql') await db.execute(sql`vacuum`);
      console.info(
        `  已写入 ${data.projects.length} 个项目（${Math.round((performance.now() - t0) / 1000)} 秒）`,
      );
    }
    const [user] = await db
      .insert(users)
      .values({ uguid: `bench-${Date.now()}`, name: '压测用户' })
      .returning({ id: users.id });
    const { token } = await createSession(db, user!.id);
    const savedSearchIds: number[] = [];
    for (const saved of SAVED) {
      const query = { sort: 'relevance', ...saved } as Parameters<typeof createFullSearch>[2];
      savedSearchIds.push((await createFullSearch(db, user!.id, query)).id);
    }
    return {
      cookie: `${SESSION_COOKIE}=${token}`,
      savedSearchIds,
      ...(await sampleKeywords(db)),
    };
  } finally {
    await platform.close();
  }
}

async function sampleKeywords(db: Db) {
  const [counts] = await selectRows<{ projects: number | string; institutions: number | string }>(
    db,
    sql`select (select count(*) from projects) as projects, (select count(*) from institutions) as institutions`,
  );
  // Every n-th row: deterministic and spread over the whole table.
  const names = await selectRows<{ name: string; brand_name: string }>(
    db,
    sql`select name, brand_name from projects where id % 997 = 0 order by id limit 120`,
  );
  const orgs = await selectRows<{ short_name: string }>(
    db,
    sql`select short_name from institutions where short_name <> '' and id % 37 = 0 order by id limit 60`,
  );
  const nameParts = names.flatMap(({ name, brand_name }, i) => {
    // A brand, or four characters from inside the registered name (腾讯 / 腾讯计算 style).
    const chars = Array.from(name);
    return i % 2 ? [brand_name] : [chars.slice(2, 6).join('')];
  });
  return {
    projectKeywords: interleave(nameParts.filter(Boolean), PROJECT_TOPICS),
    orgKeywords: interleave(
      orgs.map((o) => o.short_name),
      ORG_TOPICS,
    ),
    projects: Number(counts?.projects ?? 0),
    institutions: Number(counts?.institutions ?? 0),
  };
}

/** Names and topics alternating, so every stretch of requests mixes both. */
function interleave(names: string[], topics: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(names.length, topics.length * 4); i++) {
    if (names.length) out.push(names[i % names.length]!);
    if (i % 4 === 0) out.push(topics[(i / 4) % topics.length]!);
  }
  return out;
}
