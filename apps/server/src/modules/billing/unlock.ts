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

/** Whether the thing a per-use unlock opens exists and this signed-in user may see it. */
export type UnlockTargetCheck = (db: Db, userId: number, target: string) => Promise<boolean>;

/**
 * The checks of the unlocks that open another module's things (the composition root hands
 * them to the billing module): ChatPerCharge the caller's own assistant conversation,
 * OptPerCharge the caller's own finished analysis. An action without a check is refused.
 */
export type UnlockTargets = Partial<Record<Exclude<PerUseAction, 'DockPerCharge'>, UnlockTargetCheck>>;

/** What is refused the same way whether it does not exist or is someone else's. */
const TARGET_NOT_FOUND: Record<PerUseAction, string> = {
  ChatPerCharge: '会话不存在或已删除',
  OptPerCharge: '要解锁的内容不存在或已删除',
  DockPerCharge: '项目不存在',
};

export type UnlockTarget =
  | { kind: 'project'; projectId: number; name: string }
  | { kind: 'other'; id: string };

/**
 * The target of a per-use order or unlock, checked before anything is ordered or charged:
 * a project that exists (DockPerCharge), else a thing the caller may see by the action's check.
 */
export async function checkUnlockTarget(
  db: Db,
  targets: UnlockTargets,
  userId: number,
  input: { action: PerUseAction; conversationId?: string | undefined; pid?: number | undefined },
): Promise<UnlockTarget> {
  if (input.action === 'DockPerCharge') {
    if (!input.pid) throw new AppError(Code.BAD_REQUEST, '参数「项目」有误：请指定要解锁的项目');
    const [project] = await db
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, input.pid));
    if (!project) throw new AppError(Code.NOT_FOUND, TARGET_NOT_FOUND.DockPerCharge);
    return { kind: 'project', projectId: input.pid, name: project.name };
  }
  const id = input.conversationId;
  if (!id) throw new AppError(Code.BAD_REQUEST, '参数「会话」有误：请指定要解锁的会话');
  const isVisible = targets[input.action];
  if (!isVisible || !(await isVisible(db, userId, id)))
    throw new AppError(Code.NOT_FOUND, TARGET_NOT_FOUND[input.action]);
  return { kind: 'other', id };
}

/** PowerUnlock: the caller's unlock with credits, once its target is checked. */
export async function unlockForCaller(
  deps: { db: Db; config: PricingConfig; targets: UnlockTargets },
  userId: number,
  input: { action: PerUseAction; conversationId?: string | undefined; pid?: number | undefined },
): Promise<UnlockResult> {
  const target = await checkUnlockTarget(deps.db, deps.targets, userId, input);
  return target.kind === 'project'
    ? unlockProjectContacts(deps.db, userId, target.projectId, deps.config)
    : unlockWithPower(deps.db, userId, { action: input.action, conversationId: target.id }, deps.config);
}

/**
 * Advice and chat unlocks with credits (the balance-paid twin of GetChargeCode). The caller
 * has checked the target (`checkUnlockTarget`, or its own module's ownership check).
 */
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
