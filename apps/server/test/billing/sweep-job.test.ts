/**
 * The order sweep is a scheduled job of the billing module: when its schedule comes due, the
 * jobs port runs it once, the expired unpaid order is closed, a live one is left alone, and
 * the run is recorded in job_runs.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payOrders } from '../../src/db/schema.js';
import { orderRecharge } from '../../src/modules/billing/buy.js';
import { CLOSE_EXPIRED_ORDERS_JOB } from '../../src/modules/billing/index.js';
import { findOrderByNo } from '../../src/modules/billing/orders.js';
import { selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`the order sweep job on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
    });
    afterAll(() => t.close());
    const db = () => t.platform.database.db;

    it('closes an expired unpaid order when its schedule comes due, and records the run', async () => {
      // Everything is in place before the app is ready, so the jobs port has not started yet.
      const { user } = await signIn(db());
      const deps = { db: db(), pay: t.platform.pay, log: quiet, config: t.config, unlockTargets: {} };
      const expired = (await orderRecharge(deps, user.id, { id: 'p100', clienttp: 'qrcode' })).orderno;
      const live = (await orderRecharge(deps, user.id, { id: 'p100', clienttp: 'qrcode' })).orderno;
      await db()
        .update(payOrders)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(payOrders.orderno, expired));
      // The schedule's slot is already due: the first tick after start claims it.
      await db().execute(
        sql`insert into job_schedules (name, every_ms, next_run_at)
            values (${CLOSE_EXPIRED_ORDERS_JOB}, 60000, now() - interval '1 second')`,
      );

      await t.app.ready();
      await vi.waitFor(async () => expect((await findOrderByNo(db(), expired))!.status).toBe('closed'), {
        timeout: 8000,
        interval: 50,
      });
      expect((await findOrderByNo(db(), live))!.status).toBe('created');

      await vi.waitFor(async () => {
        const runs = await selectRows<{ state: string }>(
          db(),
          sql`select state from job_runs where name = ${CLOSE_EXPIRED_ORDERS_JOB}`,
        );
        expect(runs).toEqual([{ state: 'done' }]);
      });
      // The next slot is a minute on: one run per period, however many processes.
      const [schedule] = await selectRows<{ every_ms: number; due_in_s: number }>(
        db(),
        sql`select every_ms, extract(epoch from next_run_at - now())::int as due_in_s
            from job_schedules where name = ${CLOSE_EXPIRED_ORDERS_JOB}`,
      );
      expect(Number(schedule!.every_ms)).toBe(60_000);
      expect(Number(schedule!.due_in_s)).toBeGreaterThan(50);
    });
  });
}
