/** Test users made directly in the database, signed in through a real session. */
import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE } from '@jq/contract';
import { type User, users } from '../../src/db/schema.js';
import { createSession } from '../../src/modules/account/sessions.js';
import type { Db } from '../../src/platform/database/index.js';

export async function createUser(db: Db, fields: Partial<typeof users.$inferInsert> = {}): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({ uguid: randomUUID(), name: '测试用户', ...fields })
    .returning();
  return user!;
}

/** A user and the cookie header that signs them in. */
export async function signIn(db: Db, fields: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(db, fields);
  const { token } = await createSession(db, user.id);
  return { user, token, cookie: `${SESSION_COOKIE}=${token}` };
}
