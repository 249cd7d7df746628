import { Code } from '@jq/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackEvents, trackPageViews, trackRemains } from '../../src/db/schema.js';
import { TRACK_PER_MINUTE } from '../../src/modules/tracking/routes.js';
import { twoAppsOnOneDatabase } from '../account/helpers.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { hasPostgres, hasRedis } from '../helpers/engines.js';
import { createUser, signIn } from '../helpers/users.js';

const event = {
  action: 1003,
  type: 'menu',
  param: { to: '/jq/org' },
  firstpath: '/home',
  prevpath: '/home',
  lastpath: '/jq/org',
  ismobile: 1,
  ext: '侧边栏',
  firstparam: '?from=wx',
  lastparam: '',
  actionid: 'a-1',
};

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`tracking on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
    });
    afterAll(() => t.close());
    const db = () => t.platform.database.db;
    const track = (
      path: string,
      payload: unknown,
      headers: Record<string, string> = {},
      remoteAddress = '127.0.0.1',
    ) =>
      t.app.inject({
        method: 'POST',
        url: `/api/track/${path}`,
        payload: payload as object,
        headers,
        remoteAddress,
      });

    it('stores a menu-click event with the anonymous client id and the IP', async () => {
      const res = await track('Act', event, { 'x-client-id': 'client-track-01' }, '10.5.0.1');
      expect(res.json().code).toBe(Code.OK);
      const [row] = await db().select().from(trackEvents).where(eq(trackEvents.clientId, 'client-track-01'));
      expect(row).toMatchObject({
        action: '1003',
        type: 'menu',
        param: '{"to":"/jq/org"}',
        firstPath: '/home',
        prevPath: '/home',
        lastPath: '/jq/org',
        isMobile: true,
        ext: '侧边栏',
        firstParam: '?from=wx',
        actionId: 'a-1',
        userId: null,
        ip: '10.5.0.1',
      });
    });

    it('stores the signed-in user, page views and time on page', async () => {
      const { user, cookie } = await signIn(db());
      await track(
        'PvUv',
        {
          path: '/jq/chat?x=1',
          pathname: 'chat',
          firstpath: '/home',
          prevpath: '/home',
          lastpath: '/jq/chat',
        },
        { cookie },
      );
      await track('Remain', { path: '/jq/chat', pathname: 'chat', stt: 15234 }, { cookie });
      const [view] = await db().select().from(trackPageViews).where(eq(trackPageViews.userId, user.id));
      expect(view).toMatchObject({ path: '/jq/chat?x=1', pathname: 'chat', lastPath: '/jq/chat' });
      const [remain] = await db().select().from(trackRemains).where(eq(trackRemains.userId, user.id));
      expect(remain).toMatchObject({ path: '/jq/chat', stt: 15234 });
    });

    it('cuts oversize fields to their bound, caps stt at a day and refuses large bodies', async () => {
      await track(
        'Act',
        { ...event, param: '长'.repeat(4000), actionid: 'bounded' },
        { 'x-client-id': 'client-track-02' },
      );
      const [row] = await db().select().from(trackEvents).where(eq(trackEvents.actionId, 'bounded'));
      expect(row!.param).toHaveLength(500);
      await track('Remain', { path: '/week', stt: 10 ** 12 }, { 'x-client-id': 'client-track-02' });
      const [remain] = await db().select().from(trackRemains).orderBy(desc(trackRemains.id)).limit(1);
      expect(remain!.stt).toBe(86_400_000);
      const bad = await track('Remain', { path: '/week', stt: 'long' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toContain('停留时长');
      const huge = await track('Act', { action: 'x', ext: 'x'.repeat(20_000) });
      expect(huge.statusCode).toBe(413);
    });

    it("refuses another user's uguid", async () => {
      const { cookie } = await signIn(db());
      const other = await createUser(db());
      expect((await track('Act', { ...event, uguid: other.uguid }, { cookie })).statusCode).toBe(403);
    });

    it(`limits each caller to ${TRACK_PER_MINUTE} calls a minute`, async () => {
      const headers = { 'x-client-id': 'client-flood-01' };
      for (let i = 0; i < TRACK_PER_MINUTE; i++) {
        const res = await track('Remain', { path: '/x', stt: i }, headers, '10.6.0.1');
        expect(res.statusCode).toBe(200);
      }
      const refused = await track('Remain', { path: '/x', stt: 1 }, headers, '10.6.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe(Code.RATE_LIMITED);
      expect(
        (await track('Remain', { path: '/x', stt: 1 }, { 'x-client-id': 'client-flood-02' }, '10.6.0.1'))
          .statusCode,
      ).toBe(200);
    });

    it('limits an IP that rotates client ids', async () => {
      const ip = '10.7.0.1';
      let status = 0;
      for (let i = 0; i <= TRACK_PER_MINUTE * 5; i++) {
        status = (await track('Remain', { stt: 'x' }, { 'x-client-id': `rotating-${i}-abcdef` }, ip))
          .statusCode;
      }
      expect(status).toBe(429);
      expect((await track('Remain', { path: '/x', stt: 1 }, {}, '10.7.0.2')).statusCode).toBe(200);
    });
  });
}

describe.skipIf(!(hasPostgres && hasRedis))('tracking limits across two processes with Redis', () => {
  it('counts an IP on both processes together', async () => {
    const two = await twoAppsOnOneDatabase({ redis: true });
    try {
      const ip = '10.8.0.1';
      const hit = (app: typeof two.a, i: number) =>
        app.inject({
          method: 'POST',
          url: '/api/track/Remain',
          payload: { stt: 'x' },
          headers: { 'x-client-id': `c-${i}-abcdefgh` },
          remoteAddress: ip,
        });
      for (let i = 0; i < TRACK_PER_MINUTE * 5; i++)
        expect((await hit(i % 2 ? two.a : two.b, i)).statusCode).toBe(400);
      expect((await hit(two.a, -1)).statusCode).toBe(429);
      expect((await hit(two.b, -2)).statusCode).toBe(429);
    } finally {
      await two.close();
    }
  }, 60_000);
});
