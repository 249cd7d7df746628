/**
 * Creator income is exact under concurrency: 100 paid answers at once over three public files
 * of two owners. Each owner's ledger credits equal the rule applied to each answer's cited
 * files (floor(price × share) split equally, remainder to the first cited), one credit per
 * answer and file, and the asker is charged once per answer.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitShares } from '../../src/modules/knowledge/index.js';
import { selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { ask, data, type Person, person, readyFile } from './helpers.js';

const PRICE = 7;
const PERMILLE = 600;

const FILES = [
  '# 钠电池\n钠离子电池的能量密度已经达到每公斤 160 瓦时，成本比锂电池低约两成。',
  '# 储能收益\n工商业储能依靠峰谷价差套利，投资回收期约 6 年，钠离子电池正在进入储能市场。',
  '# 行业格局\n储能电池出货量前五的企业合计份额约为 78%，钠离子电池产能仍然很小。',
];

async function balance(t: TestApp, who: Person) {
  const [row] = await selectRows<{ credits: number }>(
    t.platform.database.db,
    sql`select credits from balances where user_id = ${who.id}`,
  );
  return Number(row?.credits ?? 0);
}

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`knowledge creator income (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        engine,
        env: { KB_ANSWER_CREDITS: String(PRICE), KB_CREATOR_SHARE_PERMILLE: String(PERMILLE) },
      });
    });
    afterAll(() => t?.close());

    it('splits a price exactly, remainder to the first cited', () => {
      const files = [1, 2, 3].map((fileId) => ({ fileId, ownerId: fileId, title: '' }));
      expect(splitShares(7, 600, files).map((s) => s.credits)).toEqual([2, 1, 1]);
      expect(splitShares(7, 600, files.slice(0, 1)).map((s) => s.credits)).toEqual([4]);
      expect(splitShares(1, 500, files)).toEqual([]);
    });

    it('credits owners exactly once per answer and file under 100 concurrent paid answers', async () => {
      const alice = await person(t, '爱丽丝');
      const carol = await person(t, '卡罗尔');
      // Five askers, twenty answers each (the per-caller limit is 20 questions a minute).
      const askers: Person[] = [];
      for (let i = 0; i < 5; i++) askers.push(await person(t, `提问者${i}`));
      const owners = [alice, alice, carol];
      const ids: number[] = [];
      for (const [i, text] of FILES.entries()) {
        const id = await readyFile(t, owners[i]!, text, `文件${i}.md`);
        await data(t, owners[i]!, '/kb/update', { id, visibility: 'public' });
        ids.push(id);
      }
      for (const asker of askers)
        await t.platform.database.db.execute(
          sql`insert into balances (user_id, credits) values (${asker.id}, 1000)`,
        );
      const chats: { who: Person; chatuuid: string }[] = [];
      for (let i = 0; i < 100; i++) {
        const who = askers[i % 5]!;
        chats.push({ who, chatuuid: (await data(t, who, '/kb/kbchat_create', { fileIds: ids })).chatuuid });
      }
      const questions = [
        '钠离子电池的能量密度是多少？',
        '储能的投资回收期多长？',
        '钠离子电池在储能行业的份额和成本如何？',
      ];
      const turns = await Promise.all(chats.map((c, i) => ask(t, c.who, c.chatuuid, questions[i % 3]!)));
      for (const turn of turns) expect(turn.res.statusCode).toBe(200);

      const ownerOf = new Map(ids.map((id, i) => [id, owners[i]!.id]));
      const expected = new Map<number, number>();
      let paid = 0;
      const spent = new Map<number, number>();
      for (const [i, turn] of turns.entries()) {
        const end = turn.events.at(-1)!;
        expect(end).toMatchObject({ type: 'status', status: 'done' });
        const quotes = (turn.events.find((e) => e.type === 'quote')?.quotes ?? []) as { pid: number }[];
        const cited = [...new Set(quotes.map((q) => q.pid))];
        expect(end.credits).toBe(cited.length ? PRICE : 0);
        if (!cited.length) continue;
        paid++;
        spent.set(chats[i]!.who.id, (spent.get(chats[i]!.who.id) ?? 0) + PRICE);
        for (const share of splitShares(
          PRICE,
          PERMILLE,
          cited.map((fileId) => ({ fileId, ownerId: ownerOf.get(fileId)!, title: '' })),
        ))
          expected.set(share.ownerId, (expected.get(share.ownerId) ?? 0) + share.credits);
      }
      expect(paid).toBeGreaterThan(90);
      for (const asker of askers) expect(await balance(t, asker)).toBe(1000 - (spent.get(asker.id) ?? 0));
      expect(await balance(t, alice)).toBe(expected.get(alice.id) ?? 0);
      expect(await balance(t, carol)).toBe(expected.get(carol.id) ?? 0);

      const db = t.platform.database.db;
      const [dupes] = await selectRows<{ n: string }>(
        db,
        sql`select count(*) as n from (select reference, file_id from kb_income group by 1, 2 having count(*) > 1) x`,
      );
      expect(Number(dupes!.n)).toBe(0);
      const [ledger] = await selectRows<{ n: string; sum: string }>(
        db,
        sql`select count(*) as n, sum(amount) as sum from ledger_entries where kind = 'income'`,
      );
      const [income] = await selectRows<{ n: string; sum: string }>(
        db,
        sql`select count(*) as n, sum(credits) as sum from kb_income`,
      );
      expect([Number(ledger!.n), Number(ledger!.sum)]).toEqual([Number(income!.n), Number(income!.sum)]);

      const report = await data(t, alice, '/kb/getUserKbIncome', { days: 7 });
      expect(report.total).toBe(expected.get(alice.id));
      expect(report.byFile.reduce((s: number, f: { credits: number }) => s + f.credits, 0)).toBe(
        report.total,
      );
      expect(report.byDay).toHaveLength(1);
      expect(report.byDay[0].credits).toBe(report.total);
    }, 180_000);
  });
}
