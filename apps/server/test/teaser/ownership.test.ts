/**
 * The ownership matrix over the teaser tables, on both engines: for every row that names a
 * teaser, an order, a contact request or a share by id, a stranger gets exactly what a
 * missing id gets, and nothing of theirs changes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investors } from '../../src/db/schema.js';
import { selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { call, data, grantCredits, type Person, person, publishedTeaser, visitor } from './helpers.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`teaser ownership on ${engine}`, () => {
    let t: TestApp;
    let founder: Person;
    let investor: Person;
    let stranger: Person;
    const ids = { teaser: 0, draft: 0, orderno: '', unlock: 0 };
    beforeAll(async () => {
      t = await createTestApp({ engine });
      founder = await person(t, '创业者');
      investor = await person(t, '投资人');
      stranger = await person(t, '陌生人');
      const teaser = await publishedTeaser(t, founder);
      ids.teaser = teaser.id;
      ids.draft = (
        await data(t, founder, '/teaser/createTeaser', { source: 'form', fields: { description: '草稿' } })
      ).id;
      await grantCredits(t, founder.id, 1000);
      await grantCredits(t, investor.id, 1000);
      const [inv] = await t.platform.database.db
        .insert(investors)
        .values({ name: '某投资人' } as never)
        .returning();
      ids.orderno = (
        await data(t, founder, '/teaser/createTeaserOrder', { id: teaser.id, investorIds: [inv!.id] })
      ).orderno;
      ids.unlock = (await data(t, investor, '/teaser/UnLockContactInfo', { id: teaser.id })).unlock.id;
    }, 60_000);
    afterAll(() => t.close());

    const snapshot = async () =>
      selectRows(
        t.platform.database.db,
        sql`select (select json_agg(t order by id) from teasers t) as teasers,
                   (select json_agg(u order by id) from teaser_unlocks u) as unlocks,
                   (select json_agg(o order by id) from teaser_orders o) as orders,
                   (select json_agg(c order by id) from teaser_order_children c) as children,
                   (select count(*) from teaser_messages) as messages,
                   (select count(*) from teaser_shares) as shares,
                   (select count(*) from ledger_entries) as ledger`,
      );

    it('answers a stranger like a missing id on every owned row, and changes nothing', async () => {
      const before = await snapshot();
      const missing = { teaser: 987_654_321, orderno: 'T20260101000000DEADBEEF', unlock: 987_654_321 };
      const rows: [string, (v: typeof ids | (typeof missing & { draft: number })) => object][] = [
        ['/teaser/editTeaser', (v) => ({ id: v.teaser, title: '改掉' })],
        ['/teaser/finishTeaser', (v) => ({ id: v.draft })],
        ['/teaser/delDraftTeaser', (v) => ({ id: v.draft })],
        ['/teaser/aiGenerateTeaser', (v) => ({ id: v.draft })],
        ['/teaser/matchInvestor', (v) => ({ id: v.teaser })],
        ['/teaser/matchInvestorStream', (v) => ({ id: v.teaser })],
        ['/teaser/matchInvestorWithReasonStream', (v) => ({ id: v.teaser })],
        ['/teaser/getTeaserInvestorViewHistory', (v) => ({ id: v.teaser })],
        ['/teaser/shareTeaser', (v) => ({ id: v.teaser })],
        ['/teaser/createTeaserOrder', (v) => ({ id: v.teaser, investorIds: [1] })],
        ['/teaser/checkOrder', (v) => ({ orderno: v.orderno })],
        ['/teaser/getTeaserOrderChild', (v) => ({ orderno: v.orderno })],
        ['/teaser/applyRefund', (v) => ({ orderno: v.orderno })],
        ['/teaser/decideUnlock', (v) => ({ unlockId: v.unlock, accept: true })],
        ['/teaser/getTeaserConversation', (v) => ({ unlockId: v.unlock })],
        ['/teaser/sendTeaserMessage', (v) => ({ unlockId: v.unlock, content: '你好' })],
      ];
      for (const [url, body] of rows) {
        const theirs = await call(t, stranger, url, body(ids));
        const none = await call(t, stranger, url, body({ ...missing, draft: missing.teaser }));
        expect(theirs.statusCode, url).toBe(404);
        expect(theirs.json(), url).toEqual(none.json());
      }
      // A draft is not readable by anyone else, signed in or not.
      expect((await call(t, stranger, '/teaser/getTeaser', { id: ids.draft })).statusCode).toBe(404);
      expect((await call(t, visitor(), '/teaser/getTeaser', { id: ids.draft })).statusCode).toBe(404);
      // Lists show only the caller's own rows.
      expect((await data(t, stranger, '/teaser/getTeaserHistory', {})).total).toBe(0);
      expect((await data(t, stranger, '/teaser/getTeaserOrder', {})).total).toBe(0);
      expect((await data(t, stranger, '/teaser/getTeaserOrder', { orderno: ids.orderno })).total).toBe(0);
      expect((await data(t, stranger, '/teaser/getTeaserConversation', {})).total).toBe(0);
      expect((await data(t, stranger, '/teaser/getViewTeaserHistory', {})).total).toBe(0);
      expect((await data(t, stranger, '/teaser/getTeaserCollection', {})).total).toBe(0);
      expect(await snapshot()).toEqual(before);
      // The investor who asked may not decide their own request either.
      expect(
        (await call(t, investor, '/teaser/decideUnlock', { unlockId: ids.unlock, accept: true })).statusCode,
      ).toBe(404);
    });
  });
}
