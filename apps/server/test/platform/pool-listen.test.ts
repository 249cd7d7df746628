import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningPool } from '../../src/platform/database/pool-listen.js';
import { hasPostgres, PG_ADMIN_URL } from '../helpers/engines.js';

describe.skipIf(!hasPostgres)('NOTIFY through the PostgreSQL pool', () => {
  let pool: pg.Pool;
  const channel = `jq_test_${randomBytes(4).toString('hex')}`;
  const messages: string[] = [];
  let gaps = 0;

  beforeAll(async () => {
    const listening = createListeningPool({ connectionString: PG_ADMIN_URL, max: 3 }, [channel]);
    pool = listening.pool;
    await listening.listen(
      channel,
      (payload) => messages.push(payload),
      () => gaps++,
    );
  });
  afterAll(() => pool.end());

  it("delivers this pool's own notification before the committing statement settles", async () => {
    await pool.query('select pg_notify($1, $2)', [channel, 'a']);
    expect(messages).toEqual(['a']);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('select pg_notify($1, $2)', [channel, 'b']);
      expect(messages).toEqual(['a']);
      await client.query('commit');
      expect(messages).toEqual(['a', 'b']);
    } finally {
      client.release();
    }
  });

  it('delivers a notification from another connection a moment later', async () => {
    const other = new pg.Client({ connectionString: PG_ADMIN_URL });
    await other.connect();
    try {
      await other.query('select pg_notify($1, $2)', [channel, 'elsewhere']);
    } finally {
      await other.end();
    }
    await expect.poll(() => messages.includes('elsewhere'), { timeout: 1000 }).toBe(true);
  });

  it('reports a gap when no connection is left listening', async () => {
    const clients = await Promise.all([pool.connect(), pool.connect()]);
    clients[0]!.release(true);
    // The pool reports a removal once the connection has ended.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gaps).toBe(0);
    clients[1]!.release(true);
    // Any idle client left from the earlier tests goes too.
    while (pool.totalCount > 0) (await pool.connect()).release(true);
    await expect.poll(() => gaps, { timeout: 1000 }).toBe(1);
  });
});
