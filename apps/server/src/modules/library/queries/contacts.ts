/**
 * A project's contacts (ProjectContactMembers): masked with the spec's helper — first and
 * last characters, stars between — unless the user owns the project, unlocked it, or is
 * an active VIP. UnlockUser2ProjectMap unlocks through billing: free for an active VIP,
 * else paid with credits (DockPerCharge), the charge and the user_projects row in one
 * transaction and at most once per user and project.
 */
import { maskText } from '@jq/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import type { User } from '../../../db/schema.js';
import { notFound } from '../../../errors.js';
import { isVipActive } from '../../../http/index.js';
import { type Db, selectRows } from '../../../platform/database/index.js';
import { getPricing, unlockProjectContacts } from '../../billing/index.js';
import { listRelations } from './relations.js';

type PricingConfig = Pick<Config, 'billing' | 'pay'>;

interface StoredContact {
  name?: string;
  title?: string;
  phone?: string;
  email?: string;
  wechat?: string;
}

export async function getProjectContacts(db: Db, pid: number, user: User, config?: PricingConfig) {
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
    ...(isUnlocked || !config ? {} : { unlockPower: getPricing(config).perUse.DockPerCharge.credits }),
  };
}

/**
 * Unlocks a project's contacts and answers them in full. Not enough credits: -403 with
 * data {need, power} (the client offers a recharge); repeating an unlock charges nothing.
 */
export async function unlockContacts(db: Db, pid: number, user: User, config: PricingConfig) {
  const { via, charged, power } = await unlockProjectContacts(db, user.id, pid, config);
  return { ...(await getProjectContacts(db, pid, user)), unlock: { via, charged, power } };
}
