/**
 * `npm run bench:im`: messaging against real server processes, with clients that speak
 * /api/im/ws like the web app (the shared ImSync: order, duplicates, gaps, hello replay).
 *
 * 1. One node (PGlite, memory bus): BENCH_IM_SOCKETS (2,000) sockets connected, members of
 *    groups of 200; messages sent over the socket; the time from send to each member's
 *    receipt (target p99 < 50 ms).
 * 2. Two nodes on PostgreSQL with Redis: the same with half the sockets on each node
 *    (target p99 < 100 ms).
 * 3. On the two nodes, under a steady stream: some clients drop for 10 s and come back;
 *    then one node is killed (SIGKILL) and its clients reconnect to the other while senders
 *    retry there with the same client ids. Every member must show every message of its group
 *    exactly once (0 lost, 0 duplicates shown).
 * Prints a Markdown summary for docs/benchmarks.md.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { imConversations, imMembers, users } from '../src/db/schema.js';
import { createSession } from '../src/modules/account/sessions.js';
import { createDatabase, type Db } from '../src/platform/database/index.js';
import { FIXTURE_WEB_DIST } from '../test/helpers/app.js';
import {
  createTestPgDatabase,
  hasPostgres,
  hasRedis,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../test/helpers/engines.js';
import { ImTestClient } from '../test/helpers/im-client.js';
import { post, type ServerNode, startNode, stopNode } from '../test/helpers/server-nodes.js';

const SOCKETS = Number(process.env.BENCH_IM_SOCKETS ?? 2000);
const GROUP_SIZE = Number(process.env.BENCH_IM_GROUP ?? 200);
const RATE = Number(process.env.BENCH_IM_RATE ?? 20); // messages a second, over all groups
const SECONDS = Number(process.env.BENCH_IM_SECONDS ?? 10);
/** `single` or `two` to run one part only. */
const ONLY = process.env.BENCH_IM_ONLY ?? '';

interface Person {
  id: number;
  cookie: string;
}
interface World {
  people: Person[];
  /** Group id → member indexes into people. */
  groups: { id: number; members: number[] }[];
  groupOf: number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function seed(db: Db): Promise<World> {
  const people: Person[] = [];
  for (let i = 0; i < SOCKETS; i++) {
    const [user] = await db
      .insert(users)
      .values({ uguid: `bench-im-${i}-${Date.now()}`, name: `压测成员${i + 1}`, isVerified: true })
      .returning({ id: users.id });
    const { token } = await createSession(db, user!.id);
    people.push({ id: user!.id, cookie: `jq_session=${token}` });
  }
  const groups: World['groups'] = [];
  const groupOf: number[] = [];
  for (let g = 0; g * GROUP_SIZE < SOCKETS; g++) {
    const members = people.slice(g * GROUP_SIZE, (g + 1) * GROUP_SIZE).map((_, k) => g * GROUP_SIZE + k);
    const [conv] = await db
      .insert(imConversations)
      .values({
        kind: 'group',
        name: `压测群 ${g + 1}`,
        memberCount: members.length,
        createdBy: people[members[0]!]!.id,
      })
      .returning({ id: imConversations.id });
    await db.insert(imMembers).values(
      members.map((index, k) => ({
        conversationId: conv!.id,
        userId: people[index]!.id,
        role: k === 0 ? ('owner' as const) : ('member' as const),
      })),
    );
    for (const index of members) groupOf[index] = groups.length;
    groups.push({ id: conv!.id, members });
  }
  return { people, groups, groupOf };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
};
const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—');

/** Connects a client per person (`urlsOf` picks its node or nodes), 100 at a time. */
async function connectAll(
  world: World,
  urlsOf: (i: number) => string[],
  onReceive: (m: { cid: string }) => void,
) {
  const clients: ImTestClient[] = [];
  for (let start = 0; start < world.people.length; start += 100) {
    const batch = world.people.slice(start, start + 100).map((p, k) => {
      const i = start + k;
      const group = world.groups[world.groupOf[i]!]!;
      return new ImTestClient({
        urls: urlsOf(i),
        cookie: p.cookie,
        keepFrames: false,
        positions: { [group.id]: 0 },
        onMessage: (m) => onReceive(m),
      });
    });
    await Promise.all(batch.map((c) => c.connect()));
    clients.push(...batch);
  }
  return clients;
}

/** Sends RATE messages a second for `seconds` over the senders' sockets; answers the per-receipt latencies. */
async function latencyRun(
  world: World,
  clients: ImTestClient[],
  sentAt: Map<string, number>,
  seconds: number,
) {
  const total = RATE * seconds;
  const perGroup = new Map<number, number>();
  for (let n = 0; n < total; n++) {
    const group = world.groups[n % world.groups.length]!;
    // A different sender each time, well inside the per-user send limit.
    const index = group.members[Math.floor(n / world.groups.length) % group.members.length]!;
    const cid = `b${n}-${Date.now()}`;
    sentAt.set(cid, performance.now());
    clients[index]!.send({ t: 'send', cid, conv: group.id, text: `压测消息 ${n}：储能项目进展同步` });
    perGroup.set(group.id, (perGroup.get(group.id) ?? 0) + 1);
    await sleep(1000 / RATE);
  }
  return { total, perGroup };
}

async function waitFor(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

async function fanoutPhase(name: string, world: World, urlsOf: (i: number) => string[]) {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const t0 = performance.now();
  const clients = await connectAll(world, urlsOf, (m) => {
    const at = sentAt.get(m.cid);
    if (at !== undefined) latencies.push(performance.now() - at);
  });
  const connectSeconds = (performance.now() - t0) / 1000;
  await sleep(1000);
  const { total } = await latencyRun(world, clients, sentAt, SECONDS);
  const expected = total * GROUP_SIZE;
  await waitFor(() => latencies.length >= expected, 20_000);
  const s = stats(latencies);
  for (const c of clients) c.close();
  console.error(
    `[${name}] ${clients.length} 个连接 ${connectSeconds.toFixed(1)} s；${total} 条，送达 ${s.n}/${expected}`,
  );
  return { name, sockets: clients.length, connectSeconds, messages: total, expected, ...s };
}

/** Every client shows every message of its group once: the seqs 1..last, no client id twice. */
async function verify(world: World, clients: ImTestClient[], lastSeqOf: Map<number, number>) {
  let lost = 0;
  let duplicates = 0;
  let raw = 0;
  for (const [i, c] of clients.entries()) {
    const group = world.groups[world.groupOf[i]!]!;
    const last = lastSeqOf.get(group.id) ?? 0;
    await waitFor(() => c.shown.filter((m) => m.conv === group.id).length >= last, 30_000);
    const shown = c.shown.filter((m) => m.conv === group.id);
    const seqs = new Set(shown.map((m) => m.seq));
    const cids = shown.map((m) => m.cid).filter(Boolean);
    duplicates += shown.length - seqs.size + (cids.length - new Set(cids).size);
    for (let seq = 1; seq <= last; seq++) if (!seqs.has(seq)) lost++;
    raw += c.raw;
  }
  const shown = clients.reduce((sum, c) => sum + c.shown.length, 0);
  return { lost, duplicates, raw, shown };
}

async function lastSeqs(db: Db) {
  const rows = (await db.execute(sql`select id, last_seq from im_conversations`)) as unknown as {
    rows: { id: number | string; last_seq: number | string }[];
  };
  return new Map(rows.rows.map((r) => [Number(r.id), Number(r.last_seq)]));
}

/** Steady HTTP sends, each retried on the other node under the same client id until stored. */
async function stream(world: World, nodes: () => ServerNode[], seconds: number, tag: string) {
  const total = RATE * seconds;
  let failures = 0;
  const pending: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const group = world.groups[n % world.groups.length]!;
    const index = group.members[Math.floor(n / world.groups.length) % group.members.length]!;
    const body = { id: group.id, text: `${tag} ${n}`, cid: `${tag}-${n}` };
    pending.push(
      (async () => {
        for (let attempt = 0; attempt < 40; attempt++) {
          const live = nodes();
          const node = live[(n + attempt) % live.length]!;
          const res = await post(node.base, '/im/send', world.people[index]!.cookie, body);
          if (res?.code === 1000) return;
          failures++;
          await sleep(250);
        }
        throw new Error(`消息 ${tag}-${n} 未能发出`);
      })(),
    );
    await sleep(1000 / RATE);
  }
  await Promise.all(pending);
  return { total, retries: failures };
}

async function durabilityPhase(world: World, db: Db, a: ServerNode, b: ServerNode) {
  let alive = [a, b];
  const clients = await connectAll(
    world,
    (i) => (i % 2 ? [a.base, b.base] : [b.base, a.base]),
    () => {},
  );
  await sleep(1000);

  // (a) 10% of the clients drop for 10 s in the middle of a 20 s stream.
  const dropped = clients.filter((_, i) => i % 10 === 3);
  const load = stream(world, () => alive, 20, 'drop');
  await sleep(4000);
  for (const c of dropped) c.drop();
  await sleep(10_000);
  await Promise.all(dropped.map((c) => c.connect()));
  const dropLoad = await load;
  const dropResult = await verify(world, clients, await lastSeqs(db));

  // (b) node A is killed 5 s into a 15 s stream; its clients and senders go to B.
  const killLoad = stream(world, () => alive, 15, 'kill');
  await sleep(5000);
  alive = [b];
  await stopNode(a, 'SIGKILL');
  const killStream = await killLoad;
  const killResult = await verify(world, clients, await lastSeqs(db));
  const reconnected = clients.filter((c) => c.connects > 1).length;
  for (const c of clients) c.close();
  return {
    drop: { clients: dropped.length, messages: dropLoad.total, ...dropResult },
    kill: { messages: killStream.total, retries: killStream.retries, reconnected, ...killResult },
  };
}

async function main() {
  const results: Record<string, unknown>[] = [];
  const lines: string[] = [];

  // 1. One node, PGlite, memory bus.
  const dir = await mkdtemp(path.join(tmpdir(), 'jq-bench-im-'));
  if (ONLY !== 'two')
    try {
      const database = await createDatabase({ pgliteDir: path.join(dir, 'pglite') });
      await database.migrate();
      const world = await seed(database.db);
      await database.close();
      const node = await startNode('single', {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'false',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        WEB_DIST: FIXTURE_WEB_DIST,
      });
      try {
        results.push(await fanoutPhase('一个节点（PGlite，内存总线）', world, () => [node.base]));
      } finally {
        await stopNode(node);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

  // 2 and 3. Two nodes, PostgreSQL and Redis.
  if (ONLY === 'single') {
    // the two-node part is skipped on request
  } else if (!hasPostgres || !hasRedis) {
    lines.push('PostgreSQL 或 Redis 不在，两节点部分跳过。');
  } else {
    const pg = await createTestPgDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'jq-bench-im2-'));
    const database = await createDatabase({ url: pg.url, pgliteDir: '' });
    try {
      await database.migrate();
      const world = await seed(database.db);
      const env = {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'false',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: FIXTURE_WEB_DIST,
        DATABASE_URL: pg.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: testRedisPrefix(),
      };
      const [a, b] = await Promise.all([startNode('A', env), startNode('B', env)]);
      try {
        results.push(
          await fanoutPhase('两个节点（PostgreSQL，Redis 总线）', world, (i) => [i % 2 ? a.base : b.base]),
        );
        const durability = await durabilityPhase(world, database.db, a, b);
        lines.push(
          `- 断线 10 秒（负载下）：${durability.drop.clients} 个客户端断开 10 秒后重连，期间 ${durability.drop.messages} 条消息；` +
            `全部 ${SOCKETS} 个成员丢失 ${durability.drop.lost} 条、重复显示 ${durability.drop.duplicates} 条` +
            `（收到 ${durability.drop.raw} 次投递，去重后显示 ${durability.drop.shown} 条）。`,
          `- 杀死一个节点（SIGKILL）：${durability.kill.reconnected} 个客户端重连到另一节点，期间 ${durability.kill.messages} 条消息` +
            `（发送方换节点重试 ${durability.kill.retries} 次，同一 cid 不会存两次）；丢失 ${durability.kill.lost} 条、重复显示 ${durability.kill.duplicates} 条` +
            `（累计收到 ${durability.kill.raw} 次投递，显示 ${durability.kill.shown} 条）。`,
        );
      } finally {
        await Promise.all([stopNode(a), stopNode(b)]);
      }
    } finally {
      await database.close();
      await pg.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  console.info(`\n| 场景 | 连接数 | 建立连接 | 消息 × 成员 | 送达 | p50 | p95 | p99 | 最大 |`);
  console.info('|---|---|---|---|---|---|---|---|---|');
  for (const r of results as Awaited<ReturnType<typeof fanoutPhase>>[]) {
    console.info(
      `| ${r.name} | ${r.sockets} | ${r.connectSeconds.toFixed(1)} s | ${r.messages} × ${GROUP_SIZE} | ${r.n}/${r.expected} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} |`,
    );
  }
  console.info(`\n${lines.join('\n')}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
