/**
 * The WebSocket /api/im/ws on a listening server, on the memory bus (PGlite) and on Redis
 * (PostgreSQL, with a second app on the same database and Redis standing in for another
 * node): live delivery, typing, replay after a drop with gaps, read positions across two
 * devices, a removed member cut off at once, and the bad inputs of issue 20 — a socket
 * without a session, malformed, binary, oversized and flooding frames, a wrong imSign, a
 * consumer too slow to keep up — each refused or closed while everyone else is served.
 */
import { IM_CLOSE, IM_LIMITS, type ImServerFrame } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type App, buildApp } from '../../src/app.js';
import { signIm } from '../../src/modules/account/secret.js';
import { createPlatform, type Platform } from '../../src/platform/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { hasPostgres, hasRedis } from '../helpers/engines.js';
import { ImTestClient } from '../helpers/im-client.js';
import { ok, type Person, person, privateChat, say } from './helpers.js';

const SETUPS = [
  { name: 'memory bus, PGlite', engine: 'pglite' as const, redis: false, available: true },
  {
    name: 'Redis bus, PostgreSQL, two nodes',
    engine: 'postgresql' as const,
    redis: true,
    available: hasPostgres && hasRedis,
  },
];

function waitClose(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
}

for (const setup of SETUPS) {
  describe.skipIf(!setup.available)(`messaging socket (${setup.name})`, () => {
    let t: TestApp;
    let url: string;
    /** The node Bob's and Cat's sockets use: a second app on the Redis setup. */
    let url2: string;
    let second: { app: App; platform: Platform } | undefined;
    const clients: ImTestClient[] = [];
    let ann: Person;
    let bob: Person;

    const client = async (
      who: Person,
      options: { node?: 1 | 2; positions?: Record<number, number> } = {},
    ) => {
      const c = new ImTestClient({
        urls: [options.node === 2 ? url2 : url],
        cookie: who.cookie,
        positions: options.positions,
      });
      clients.push(c);
      await c.connect();
      return c;
    };

    beforeAll(async () => {
      t = await createTestApp({ engine: setup.engine, redis: setup.redis });
      url = await t.app.listen({ host: '127.0.0.1', port: 0 });
      if (setup.redis) {
        const platform = await createPlatform(t.config);
        const app = await buildApp({ config: t.config, platform });
        second = { app, platform };
        url2 = await app.listen({ host: '127.0.0.1', port: 0 });
      } else {
        url2 = url;
      }
      ann = await person(t, '安娜');
      bob = await person(t, '鲍勃');
    });
    afterAll(async () => {
      for (const c of clients) c.close();
      if (second) {
        await second.app.close();
        await second.platform.close();
      }
      await t.close();
    });

    it('refuses a socket without a session before it opens, and keeps serving others', async () => {
      const refused = await new Promise<number>((resolve) => {
        const ws = new WebSocket(`${url.replace('http', 'ws')}/api/im/ws`);
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => resolve(101));
        ws.on('error', () => {});
      });
      expect(refused).toBe(401);
      const forged = await new Promise<number>((resolve) => {
        const ws = new WebSocket(`${url.replace('http', 'ws')}/api/im/ws`, {
          headers: { cookie: 'jq_session=forged' },
        });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => resolve(101));
        ws.on('error', () => {});
      });
      expect(forged).toBe(401);
      const fine = await client(ann);
      fine.send({ t: 'ping' });
      expect((await fine.waitFor((f) => f.t === 'pong')).t).toBe('pong');
    });

    it('delivers a message live to the other member (across nodes) and acks the sender', async () => {
      const conv = await privateChat(t, ann, bob);
      const a = await client(ann, { positions: { [conv]: 0 } });
      const b = await client(bob, { node: 2, positions: { [conv]: 0 } });
      a.send({ t: 'send', cid: 'c1', conv, text: '你好，鲍勃' });
      const ack = (await a.waitFor((f) => f.t === 'ack')) as Extract<ImServerFrame, { t: 'ack' }>;
      expect(ack.m).toMatchObject({ conv, seq: 1, text: '你好，鲍勃', cid: 'c1' });
      await b.waitShown(conv, 1);
      expect(b.shown[0]).toMatchObject({ seq: 1, sender: { uguid: ann.uguid } });
      // HTTP sends reach the sockets the same way.
      await say(t, bob, conv, '你好，安娜');
      await a.waitShown(conv, 2);
      expect(a.shown.map((m) => m.seq)).toEqual([1, 2]);
      expect(a.raw).toBe(2);

      b.send({ t: 'typing', conv });
      const typing = (await a.waitFor((f) => f.t === 'typing')) as Extract<ImServerFrame, { t: 'typing' }>;
      expect(typing).toMatchObject({ conv, uguid: bob.uguid, name: '鲍勃' });
      const stored = await t.platform.database.db.execute(
        sql`select count(*)::int as n from im_messages where conversation_id = ${conv}`,
      );
      expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    });

    it('replays what a client missed while away, and fills a gap in the live stream', async () => {
      const cat = await person(t, '陈');
      const conv = await privateChat(t, cat, bob);
      const c = await client(cat, { positions: { [conv]: 0 } });
      await say(t, bob, conv, '一');
      await c.waitShown(conv, 1);
      c.drop();
      for (const text of ['二', '三', '四']) await say(t, bob, conv, text);
      await c.connect();
      await c.waitShown(conv, 4);
      expect(c.shown.map((m) => m.text)).toEqual(['一', '二', '三', '四']);

      // A hole in the live stream (message 5 never came live): the client fetches it.
      const live = new ImTestClient({ urls: [url], cookie: cat.cookie, positions: { [conv]: 4 } });
      clients.push(live);
      await live.connect();
      await t.platform.database.db.transaction(async (tx) => {
        await tx.execute(sql`update im_conversations set last_seq = 5 where id = ${conv}`);
        await tx.execute(
          sql`insert into im_messages (conversation_id, seq, sender_id, kind, body) values (${conv}, 5, ${bob.id}, 'text', '五')`,
        );
      });
      await say(t, bob, conv, '六');
      await live.waitShown(conv, 2);
      expect(live.shown.map((m) => m.text)).toEqual(['五', '六']);
      expect(new Set(live.shown.map((m) => m.seq)).size).toBe(live.shown.length);
    });

    it('keeps unread counts exact when one device reads (the other device and the sender learn it)', async () => {
      const dan = await person(t, '丹');
      const conv = await privateChat(t, dan, ann);
      for (const text of ['a', 'b', 'c']) await say(t, dan, conv, text);
      const phone = await client(ann, { positions: { [conv]: 3 } });
      const laptop = await client(ann, { node: 2, positions: { [conv]: 3 } });
      const sender = await client(dan, { node: 2 });
      expect((await ok(t, ann, '/im/info', { id: conv })).unread).toBe(3);
      phone.send({ t: 'read', conv, seq: 2 });
      const seen = (await laptop.waitFor((f) => f.t === 'read' && f.conv === conv)) as Extract<
        ImServerFrame,
        { t: 'read' }
      >;
      expect(seen).toMatchObject({ uguid: ann.uguid, seq: 2 });
      await sender.waitFor((f) => f.t === 'read' && f.conv === conv && f.seq === 2);
      expect((await ok(t, ann, '/im/info', { id: conv })).unread).toBe(1);
      laptop.send({ t: 'sync' });
      const ready = (await laptop.waitFor(
        (f) => f.t === 'ready' && f.convs.some((c) => c.id === conv && c.readSeq === 2),
      )) as Extract<ImServerFrame, { t: 'ready' }>;
      const state = ready.convs.find((c) => c.id === conv)!;
      expect(state.lastSeq - state.readSeq).toBe(1);
    });

    it('cuts a removed member off at once, on every node', async () => {
      const group = (await ok(t, ann, '/im/creategroup', { name: '测试群', needApproval: false })).id;
      await ok(t, bob, '/im/applyjoin', { id: group });
      const b = await client(bob, { node: 2 });
      await say(t, ann, group, '欢迎');
      await b.waitShown(group, 1);
      await ok(t, ann, '/im/remove', { id: group, tuid: bob.uguid });
      await b.waitFor((f) => f.t === 'removed' && f.conv === group);
      const before = b.raw;
      await say(t, ann, group, '鲍勃看不到这条');
      const other = await client(ann);
      other.send({ t: 'ping' });
      await other.waitFor((f) => f.t === 'pong');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(b.raw).toBe(before);
      b.send({ t: 'fetch', conv: group, after: 0 });
      const refused = (await b.waitFor((f) => f.t === 'error')) as Extract<ImServerFrame, { t: 'error' }>;
      expect(refused.code).toBe(-404);
      // A hello naming the group is told to drop it.
      const again = new ImTestClient({ urls: [url], cookie: bob.cookie, positions: { [group]: 2 } });
      clients.push(again);
      await again.connect();
      await again.waitFor((f) => f.t === 'removed' && f.conv === group);
    });

    it('answers malformed, binary and unknown frames with errors, then closes a socket that keeps sending them', async () => {
      const eve = await person(t, '伊芙');
      const c = await client(eve);
      c.ws!.send('not json');
      c.ws!.send(Buffer.from([1, 2, 3]), { binary: true });
      c.send({ t: 'nonsense' });
      c.send({ t: 'send', cid: 'x', conv: 1, text: '' });
      const errors = () => c.frames.filter((f) => f.t === 'error');
      const deadline = Date.now() + 5000;
      while (errors().length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(errors().map((f) => (f as { msg: string }).msg)).toEqual([
        '消息帧格式有误',
        '消息帧格式有误',
        '消息帧格式有误',
        '不能发送空消息',
      ]);
      const closed = waitClose(c.ws!);
      for (let i = 0; i < 30; i++) c.ws!.send('{bad');
      expect(await closed).toBe(IM_CLOSE.badFrames);
      // The server still serves everyone else.
      const fine = await client(ann);
      fine.send({ t: 'ping' });
      await fine.waitFor((f) => f.t === 'pong');
    });

    it('closes a socket that sends a frame over the limit (1009)', async () => {
      const c = await client(await person(t, '大帧'));
      const closed = waitClose(c.ws!);
      c.ws!.send(JSON.stringify({ t: 'ping', pad: 'x'.repeat(IM_LIMITS.frameMaxBytes) }));
      expect(await closed).toBe(1009);
    });

    it('drops frames over the rate with one error a second, and closes a flood that goes on', async () => {
      const c = await client(await person(t, '刷屏'));
      for (let i = 0; i < 100; i++) c.send({ t: 'ping' });
      await c.waitFor((f) => f.t === 'error' && f.code === -429);
      await new Promise((r) => setTimeout(r, 300));
      const pongs = c.frames.filter((f) => f.t === 'pong').length;
      expect(pongs).toBeGreaterThanOrEqual(55);
      expect(pongs).toBeLessThan(100);
      expect(c.frames.filter((f) => f.t === 'error')).toHaveLength(1);
      const closed = waitClose(c.ws!);
      for (let i = 0; i < 1000; i++) c.send({ t: 'ping' });
      expect(await closed).toBe(IM_CLOSE.badFrames);
    });

    it('checks imSign in hello when given: a wrong one closes the socket (4001), the right one is accepted', async () => {
      const fay = await person(t, '费');
      const secret = (
        (await t.platform.database.db.execute(
          sql`select value from system_meta where key = 'auth.secret'`,
        )) as unknown as {
          rows: { value: string }[];
        }
      ).rows[0]?.value;
      const good = await client(fay);
      good.send({ t: 'hello', uid: fay.uguid, sign: signIm(t.config.authSecret ?? secret ?? '', fay.uguid) });
      await good.waitFor((f) => f.t === 'ready', 5000, 1);
      const bad = await client(fay);
      const closed = waitClose(bad.ws!);
      bad.send({ t: 'hello', uid: fay.uguid, sign: 'forged' });
      expect(await closed).toBe(IM_CLOSE.unauthorized);
    });

    it('drops a consumer that cannot keep up; it catches up from the database when it reconnects', async () => {
      const gus = await person(t, '古斯');
      const conv = await privateChat(t, gus, bob);
      const body = '长'.repeat(IM_LIMITS.textMaxChars);
      await t.platform.database.db.execute(sql`
        insert into im_messages (conversation_id, seq, sender_id, kind, body)
        select ${conv}, n, ${bob.id}, 'text', ${body} from generate_series(1, 400) n`);
      await t.platform.database.db.execute(
        sql`update im_conversations set last_seq = 400 where id = ${conv}`,
      );
      const slow = new ImTestClient({
        urls: [url],
        cookie: gus.cookie,
        reconnect: false,
        positions: { [conv]: 400 },
      });
      clients.push(slow);
      await slow.connect();
      const closed = waitClose(slow.ws!);
      // Stop reading, then ask for far more than the socket's buffer may hold.
      const raw = (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
      raw.pause();
      for (let i = 0; i < 40; i++) slow.send({ t: 'fetch', conv, after: 0 });
      // The server gives up on it while it is not reading; it learns so once it reads again.
      await new Promise((r) => setTimeout(r, 3000));
      raw.resume();
      expect(await closed).toBe(1006);
      expect(slow.frames.filter((f) => f.t === 'msgs').length).toBeLessThan(40);
      const back = new ImTestClient({ urls: [url], cookie: gus.cookie, positions: { [conv]: 0 } });
      clients.push(back);
      await back.connect();
      await back.waitShown(conv, 400, 30_000);
      expect(back.shown.map((m) => m.seq)).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    });
  });
}
