/**
 * Messaging across two real server processes on one PostgreSQL and one Redis: a group
 * whose members' sockets are spread over both nodes gets every message on every socket;
 * when one node is killed (SIGKILL) in the middle of a stream, its clients reconnect to the
 * other and catch up, senders retry on the other node with the same client ids, and no
 * member misses a message or sees one twice. Skipped where PostgreSQL or Redis is absent.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabasePort } from '../../src/platform/database/index.js';
import { pgTemplateName } from '../global-setup.js';
import { FIXTURE_WEB_DIST } from '../helpers/app.js';
import {
  createTestPgDatabase,
  hasPostgres,
  hasRedis,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../helpers/engines.js';
import { ImTestClient } from '../helpers/im-client.js';
import { post, type ServerNode, startNode, stopNode } from '../helpers/server-nodes.js';
import { signIn } from '../helpers/users.js';

const MEMBERS = 8;
const PER_SENDER = 10;

describe.skipIf(!hasPostgres || !hasRedis)('messaging on two server processes (PostgreSQL, Redis)', () => {
  let a: ServerNode | undefined;
  let b: ServerNode | undefined;
  let database: DatabasePort;
  let dataDir: string;
  let dropDatabase: () => Promise<void>;
  const clients: ImTestClient[] = [];

  beforeAll(async () => {
    const pg = await createTestPgDatabase({ template: await pgTemplateName() });
    dropDatabase = pg.drop;
    database = await createDatabase({ url: pg.url, pgliteDir: '' });
    dataDir = await mkdtemp(path.join(tmpdir(), 'jq-im-two-'));
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
      WEB_DIST: FIXTURE_WEB_DIST,
      DATABASE_URL: pg.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: testRedisPrefix(),
    };
    [a, b] = await Promise.all([startNode('A', env), startNode('B', env)]);
  }, 180_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all([stopNode(a), stopNode(b)]);
    await database?.close();
    await dropDatabase?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('loses and repeats nothing when one node is killed mid-stream', async () => {
    const people = await Promise.all(
      Array.from({ length: MEMBERS }, (_, i) => signIn(database.db, { name: `成员${i + 1}` })),
    );
    const created = await post<{ id: number }>(a!.base, '/im/creategroup', people[0]!.cookie, {
      name: '双节点群',
      needApproval: false,
    });
    const group = created!.data.id;
    for (const p of people.slice(1)) {
      expect((await post(b!.base, '/im/applyjoin', p.cookie, { id: group }))?.code).toBe(1000);
    }
    const info = await post<{ lastSeq: number }>(a!.base, '/im/info', people[0]!.cookie, { id: group });
    const start = info!.data.lastSeq;

    // Half the sockets on A (falling back to B), half on B.
    for (const [i, p] of people.entries()) {
      const urls = i % 2 === 0 ? [a!.base, b!.base] : [b!.base, a!.base];
      const c = new ImTestClient({
        urls,
        cookie: p.cookie,
        positions: { [group]: start },
        keepFrames: false,
      });
      clients.push(c);
      await c.connect();
    }

    let killed = false;
    const sender = async (i: number) => {
      const p = people[i]!;
      for (let n = 0; n < PER_SENDER; n++) {
        const cid = `s${i}-${n}`;
        const body = { id: group, text: `成员${i + 1} 的第 ${n + 1} 条`, cid };
        // Try the sender's node, then the other: a send whose answer was lost is retried with its cid.
        for (let attempt = 0; ; attempt++) {
          const node = (i + attempt) % 2 === 0 && !killed ? a! : b!;
          const res = await post(node.base, '/im/send', p.cookie, body);
          if (res?.code === 1000) break;
          if (attempt > 20) throw new Error(`发送失败：${res?.msg}`);
          await new Promise((r) => setTimeout(r, 200));
        }
        await new Promise((r) => setTimeout(r, 500 + Math.random() * 200));
      }
    };
    const sending = Promise.all(people.map((_, i) => sender(i)));
    await new Promise((r) => setTimeout(r, 2500));
    killed = true;
    await stopNode(a, 'SIGKILL');
    await sending;

    const total = MEMBERS * PER_SENDER;
    for (const c of clients) await c.waitShown(group, total, 30_000);
    for (const c of clients) {
      const shown = c.shown.filter((m) => m.conv === group).map((m) => m.seq);
      expect(shown).toEqual(Array.from({ length: total }, (_, k) => start + k + 1));
    }
    // The clients of A came back through B.
    expect(clients.filter((c) => c.connects > 1).length).toBeGreaterThanOrEqual(MEMBERS / 2);
    const texts = new Set(clients[0]!.shown.map((m) => m.text));
    expect(texts.size).toBe(total);
  }, 120_000);
});
