/**
 * A project's contacts (ProjectContactMembers): masked with the spec's helper — first and
 * last characters, stars between — unless the user owns the project, unlocked it, or is
 * an active VIP. Paid unlocks arrive with billing; until then UnlockUser2ProjectMap works
 * for VIPs only and tells everyone else the feature is coming.
 */
import { Code, maskText } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { type User, userProjects } from '../../../db/schema.js';
import { AppError, notFound } from '../../../errors.js';
import { isVipActive } from '../../../http/access.js';
import { type Db, selectRows } from '../../../platform/database/index.js';
import { listRelations } from './relations.js';

interface StoredContact {
  name?: string;
  title?: string;
  phone?: string;
  email?: string;
  wechat?: string;
}

export async function getProjectContacts(db: Db, pid: number, user: User) {
  const [row] = await selectRows<{ contacts: StoredContact[] }>(
    db,
    sql`select contacts from projects where id = ${pid}`,
  );
  if (!row) throw notFound('项目不存在');
  const relations = await listRelations(db, user.id, pid);
  const isUnlocked = isVipActive(user) || relations.includes('owner') || relations.includes('unlocked');
  const show = (value: string | undefined) => (isUnlocked ? (value ?? '') : maskText(value));
  return {
    pid,
    isUnlocked,
    contacts: (row.contacts ?? []).map((c) => ({
      name: show(c.name),
      // A title says nothing private; it helps decide whether to unlock.
      title: c.title ?? '',
      phone: show(c.phone),
      email: show(c.email),
      wechat: show(c.wechat),
    })),
  };
}

export async function unlockContactsForVip(db: Db, pid: number, user: User) {
  const [row] = await selectRows<{ id: number }>(db, sql`select id from projects where id = ${pid}`);
  if (!row) throw notFound('项目不存在');
  if (!isVipActive(user)) throw new AppError(Code.NOT_ENABLED, '该功能即将上线，敬请期待');
  await db
    .insert(userProjects)
    .values({ userId: user.id, projectId: pid, relation: 'unlocked' })
    .onConflictDoNothing();
  return getProjectContacts(db, pid, user);
}
