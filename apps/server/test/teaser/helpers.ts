/** Helpers for the teaser API tests: people, calls, a published teaser, credits. */
import { sql } from 'drizzle-orm';
import { balances } from '../../src/db/schema.js';
import type { TestApp } from '../helpers/app.js';
import { call, data, type Person, person } from '../knowledge/helpers.js';

export { call, data, type Person, parseSse, person, visitor } from '../knowledge/helpers.js';

export const FORM = {
  companyName: '深圳市星图智能科技有限公司',
  industries: ['ai.cv'],
  stage: 3,
  amount: 3000,
  region: '440300',
  foundedYear: 2019,
  tags: ['工业质检', '视觉检测'],
  description:
    '星图智能是一家专注工业视觉检测的公司。公司产品已在汽车零部件与电子制造行业落地。创始人张伟博士曾任某头部企业视觉算法负责人。',
  products: '自研缺陷检测算法平台，支持小样本训练。已取得发明专利12项。',
  team: '创始人张伟，清华大学博士，10年机器视觉经验；联合创始人李娜，负责销售。',
  metrics: '2025年营收4200万元，同比增长120%。服务客户86家。',
  useOfFunds: '本轮资金用于研发投入与华东市场拓展。',
  contacts: { name: '张伟', phone: '13812345678', email: 'zhangwei@xingtu.cn', wechat: 'xingtu-zw' },
};

export async function grantCredits(t: TestApp, userId: number, credits: number) {
  const db = t.platform.database.db;
  // Through the ledger, as a recharge would: balance and entry together.
  const { addCredits } = await import('../../src/modules/billing/ledger.js');
  await db.transaction(async (tx) =>
    addCredits(tx as never, {
      userId,
      credits,
      kind: 'grant',
      reference: `test:grant:${userId}:${Date.now()}:${Math.random()}`,
      description: '测试赠送',
    }),
  );
}

export async function balanceOf(t: TestApp, userId: number): Promise<number> {
  const rows = await t.platform.database.db
    .select({ credits: balances.credits })
    .from(balances)
    .where(sql`${balances.userId} = ${userId}`);
  return rows[0]?.credits ?? 0;
}

/** A founder's teaser from the form, written by the local engine and published. */
export async function publishedTeaser(t: TestApp, founder: Person, fields: object = {}) {
  const created = await data(t, founder, '/teaser/createTeaser', {
    source: 'form',
    fields: { ...FORM, ...fields },
  });
  const gen = await call(t, founder, '/teaser/aiGenerateTeaser', { id: created.id });
  if (gen.statusCode !== 200) throw new Error(`generate ${gen.statusCode} ${gen.body}`);
  return data(t, founder, '/teaser/finishTeaser', { id: created.id });
}

export async function people(t: TestApp) {
  return {
    founder: await person(t, '创业者'),
    investor: await person(t, '投资人'),
    other: await person(t, '路人'),
  };
}
