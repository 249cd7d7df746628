/**
 * Pay-per-use unlocks: a project's contacts (DockPerCharge), optimisation advice
 * (OptPerCharge), a chat conversation (ChatPerCharge). Paid with credits, or passed by an
 * active VIP for contacts and advice (spec section 6). The charge and the thing bought are
 * written in one transaction, idempotent per user and reference: a repeat costs nothing.
 */
import { Code } from '@jq/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { projects, userProjects, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { isVipActive } from '../../http/index.js';
import type { Db } from '../../platform/database/index.js';
import { charge, getBalance, hasSpent } from './ledger.js';
import { getPricing, type PerUseAction } from './pricing.js';

type PricingConfig = Pick<Config, 'billing' | 'pay'>;

export interface UnlockResult {
  via: 'credits' | 'vip' | 'already';
  charged: number;
  power: number;
  reference: string;
}

const PREFIX: Record<PerUseAction, string> = {
  OptPerCharge: 'opt',
  DockPerCharge: 'dock',
  ChatPerCharge: 'chat',
};

export function unlockReference(action: PerUseAction, target: string | number): string {
  return action === 'DockPerCharge' && typeof target === 'number'
    ? `unlock:project:${target}`
    : `unlock:${PREFIX[action]}:${target}`;
}

/** VIP passes contact and advice unlocks; chat turns are paid by everyone. */
const passesForVip = (action: PerUseAction) => action !== 'ChatPerCharge';

function insufficient(need: number, balance: number): AppError {
  return new AppError(
    Code.FORBIDDEN,
    `算力不足：需要 ${need} 算力，当前余额 ${balance}，请先充值或开通 VIP`,
    {
      data: { need, power: balance },
    },
  );
}

async function loadUser(db: Db, userId: number) {
  const [user] = await db
    .select({ vipExpiresAt: users.vipExpiresAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError(Code.NOT_FOUND, '用户不存在');
  return user;
}

export async function isProjectUnlocked(db: Db, userId: number, projectId: number): Promise<boolean> {
  const rows = await db
    .select({ relation: userProjects.relation })
    .from(userProjects)
    .where(
      and(
        eq(userProjects.userId, userId),
        eq(userProjects.projectId, projectId),
        inArray(userProjects.relation, ['unlocked', 'owner']),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Unlocks a project's contacts for a user: nothing to pay when already unlocked (or their
 * own project), free for an active VIP, else DockPerCharge in credits. The user_projects
 * 'unlocked' row is inserted in the same transaction as the charge.
 */
export async function unlockProjectContacts(
  db: Db,
  userId: number,
  projectId: number,
  config: PricingConfig,
): Promise<UnlockResult> {
  const reference = unlockReference('DockPerCharge', projectId);
  const [project] = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) throw new AppError(Code.NOT_FOUND, '项目不存在');
  const mark = (tx: Db) =>
    tx
      .insert(userProjects)
      .values({ userId, projectId, relation: 'unlocked' })
      .onConflictDoNothing()
      .then(() => {});
  if (await isProjectUnlocked(db, userId, projectId)) {
    return { via: 'already', charged: 0, power: await getBalance(db, userId), reference };
  }
  if (isVipActive(await loadUser(db, userId))) {
    await mark(db);
    return { via: 'vip', charged: 0, power: await getBalance(db, userId), reference };
  }
  const price = getPricing(config).perUse.DockPerCharge.credits;
  const result = await charge(
    db,
    { userId, credits: price, reference, idempotent: true, what: `解锁项目联系方式：${project.name}` },
    mark,
  );
  if (!result.ok) throw insufficient(result.need, result.balance);
  // Paid before (the row was removed since): put the row back, charge nothing again.
  if (result.isDuplicate) await mark(db);
  return {
    via: result.isDuplicate ? 'already' : 'credits',
    charged: result.isDuplicate ? 0 : price,
    power: result.balance,
    reference,
  };
}

/** Advice and chat unlocks with credits (the balance-paid twin of GetChargeCode). */
export async function unlockWithPower(
  db: Db,
  userId: number,
  input: { action: PerUseAction; conversationId?: string | undefined; pid?: number | undefined },
  config: PricingConfig,
): Promise<UnlockResult> {
  if (input.action === 'DockPerCharge' && input.pid)
    return unlockProjectContacts(db, userId, input.pid, config);
  if (!input.conversationId) throw new AppError(Code.BAD_REQUEST, '参数「会话」有误：请指定要解锁的会话');
  const reference = unlockReference(input.action, input.conversationId);
  const price = getPricing(config).perUse[input.action];
  if (passesForVip(input.action) && isVipActive(await loadUser(db, userId))) {
    return { via: 'vip', charged: 0, power: await getBalance(db, userId), reference };
  }
  const result = await charge(db, {
    userId,
    credits: price.credits,
    reference,
    idempotent: true,
    what: `${price.label}：${input.conversationId}`,
  });
  if (!result.ok) throw insufficient(result.need, result.balance);
  return {
    via: result.isDuplicate ? 'already' : 'credits',
    charged: result.isDuplicate ? 0 : price.credits,
    power: result.balance,
    reference,
  };
}

/** Whether a user may see what a per-use unlock opens (for the modules that show it). */
export async function isUnlocked(
  db: Db,
  userId: number,
  action: PerUseAction,
  target: string | number,
): Promise<boolean> {
  if (action === 'DockPerCharge' && typeof target === 'number') return isProjectUnlocked(db, userId, target);
  if (passesForVip(action) && isVipActive(await loadUser(db, userId))) return true;
  return hasSpent(db, userId, unlockReference(action, target));
}
