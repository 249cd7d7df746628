import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminError, runAdminCommand } from '../../src/cli/admin.js';
import { balances } from '../../src/db/schema.js';
import { charge } from '../../src/modules/billing/ledger.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/users.js';

describe('npm run admin -- reconcile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('passes on a clean ledger and fails once a balance no longer equals its ledger', async () => {
    const { db } = t.platform.database;
    const user = await createUser(db);
    const refused = await charge(db, { userId: user.id, what: '测试', credits: 1, reference: 'test:1' });
    expect(refused).toMatchObject({ ok: false, reason: 'insufficient' });
    await expect(runAdminCommand(db, t.platform.bus, ['reconcile'])).resolves.toBeTypeOf('string');
    await db.insert(balances).values({ userId: user.id, credits: 5 });
    await expect(runAdminCommand(db, t.platform.bus, ['reconcile'])).rejects.toThrow(AdminError);
  });
});
