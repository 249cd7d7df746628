/**
 * Billing rows of API.md: prices, orders for recharges, per-use unlocks and VIP, the paid
 * checks the pay modals poll, balance and records, and unlocking with credits. Thin:
 * validate, call the use case, answer. Provider-facing rows live in provider-routes.ts.
 */
import {
  ChargeCodeBodySchema,
  ChatCfgSchema,
  CreatePayBodySchema,
  GenChargeOrderBodySchema,
  OrderNoQuerySchema,
  OrderPaidSchema,
  OrderSchema,
  PowerChargeCfgSchema,
  PowerRecordPageSchema,
  PowerRecordsBodySchema,
  PowerSchema,
  PowerUnlockBodySchema,
  PowerUnlockSchema,
} from '@jq/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { User } from '../../db/schema.js';
import { ok, okResponse } from '../../http/envelope.js';
import type { ModuleOptions } from '../index.js';
import { orderPerUse, orderRecharge, orderVip } from './buy.js';
import { getBalance } from './ledger.js';
import { checkOrderPaid, closeExpiredOrders } from './lifecycle.js';
import { CHAT_FREE_TURNS, chargedFen, getPricing } from './pricing.js';
import { providerRoutes } from './provider-routes.js';
import { listPowerRecords } from './records.js';
import { unlockWithPower } from './unlock.js';

const SWEEP_EVERY_MS = 60_000;
const tags = ['billing'];

/** L rows run after the access hook, so the user is there. */
const me = (request: FastifyRequest): User => request.user!;

export const billingRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { platform, config } = options;
  const db = platform.database.db;
  const pricing = () => getPricing(config);
  const deps = (request: FastifyRequest) => ({ db, pay: platform.pay, log: request.log, config });

  await app.register(providerRoutes, { config, platform });

  app.get(
    '/cfg/GetPowerChargeCfg',
    {
      config: { access: 'P' },
      schema: { tags, summary: '算力充值套餐', response: okResponse(PowerChargeCfgSchema) },
    },
    async () => {
      const p = pricing();
      return ok({
        list: p.packages.map((pkg) => ({
          id: pkg.id,
          price: chargedFen(p, pkg.fen),
          listPrice: pkg.fen,
          power: pkg.credits,
          title: pkg.title,
        })),
        testMode: p.testMode,
      });
    },
  );

  app.get(
    '/cfg/GetChatCfg',
    {
      config: { access: 'A' },
      schema: { tags, summary: '对话价格与免费额度', response: okResponse(ChatCfgSchema) },
    },
    async (request) => {
      const p = pricing();
      const perUse = (key: keyof typeof p.perUse) => ({
        fen: chargedFen(p, p.perUse[key].fen),
        power: p.perUse[key].credits,
        label: p.perUse[key].label,
      });
      return ok({
        ChatPerCharge: chargedFen(p, p.perUse.ChatPerCharge.fen),
        ChatPerChargePower: p.perUse.ChatPerCharge.credits,
        freeTurnsPerDay: request.user ? CHAT_FREE_TURNS.signedIn : CHAT_FREE_TURNS.anonymous,
        freeTurns: { ...CHAT_FREE_TURNS },
        perUse: {
          OptPerCharge: perUse('OptPerCharge'),
          DockPerCharge: perUse('DockPerCharge'),
          ChatPerCharge: perUse('ChatPerCharge'),
        },
        testMode: p.testMode,
      });
    },
  );

  const orderRoute = { tags, response: okResponse(OrderSchema) };
  app.post(
    '/pay/GenChargeOrder',
    {
      config: { access: 'L' },
      schema: { ...orderRoute, summary: '算力充值下单', body: GenChargeOrderBodySchema },
    },
    async (request) => ok(await orderRecharge(deps(request), me(request).id, request.body)),
  );
  app.post(
    '/pay/GetWxJsPay',
    {
      config: { access: 'L' },
      schema: { ...orderRoute, summary: '算力充值（微信内支付）', body: GenChargeOrderBodySchema },
    },
    async (request) =>
      ok(await orderRecharge(deps(request), me(request).id, { ...request.body, clienttp: 'wechat' })),
  );
  app.post(
    '/chat/GetChargeCode',
    {
      config: { access: 'L' },
      schema: { ...orderRoute, summary: '单次付费下单', body: ChargeCodeBodySchema },
    },
    async (request) => ok(await orderPerUse(deps(request), me(request).id, request.body)),
  );
  app.post(
    '/chat/GetWxJsPay',
    {
      config: { access: 'L' },
      schema: { ...orderRoute, summary: '单次付费（微信内支付）', body: ChargeCodeBodySchema },
    },
    async (request) =>
      ok(await orderPerUse(deps(request), me(request).id, { ...request.body, clienttp: 'wechat' })),
  );
  app.post(
    '/user/CreatePay',
    {
      config: { access: 'L' },
      schema: { ...orderRoute, summary: '开通 VIP 下单', body: CreatePayBodySchema },
    },
    async (request) => {
      const { service, money, clienttp } = request.body;
      return ok(
        await orderVip(deps(request), me(request).id, { viplength: service.viplength, money, clienttp }),
      );
    },
  );

  const checkRoute = {
    tags,
    querystring: OrderNoQuerySchema,
    response: okResponse(OrderPaidSchema),
  };
  for (const path of ['/pay/CheckChargeOrder', '/chat/CheckChargeOrder', '/user/checkOrder']) {
    app.get(
      path,
      { config: { access: 'L' }, schema: { ...checkRoute, summary: '订单是否已支付（1 已支付，0 未支付）' } },
      async (request) => ok(await checkOrderPaid(deps(request), me(request).id, request.query.orderno)),
    );
  }

  app.get(
    '/user/GetUserPower',
    { config: { access: 'L' }, schema: { tags, summary: '算力余额', response: okResponse(PowerSchema) } },
    async (request) => ok({ power: await getBalance(db, me(request).id) }),
  );

  app.post(
    `/${config.product}/GetUserPowerCost`,
    {
      config: { access: 'L' },
      schema: {
        tags,
        summary: '算力收支记录',
        body: PowerRecordsBodySchema,
        response: okResponse(PowerRecordPageSchema),
      },
    },
    async (request) => ok(await listPowerRecords(db, me(request).id, request.body)),
  );

  app.post(
    '/pay/PowerUnlock',
    {
      config: { access: 'L' },
      schema: {
        tags,
        summary: '用算力单次解锁（VIP 免费解锁联系方式与建议）',
        body: PowerUnlockBodySchema,
        response: okResponse(PowerUnlockSchema),
      },
    },
    async (request) => {
      const { action, ConversationId, pid } = request.body;
      return ok(
        await unlockWithPower(db, me(request).id, { action, conversationId: ConversationId, pid }, config),
      );
    },
  );

  // Unpaid orders past their expiry are closed in the background; every process may sweep,
  // the conditional transitions make that safe.
  let sweeping: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    sweeping ??= closeExpiredOrders({ db, pay: platform.pay, log: app.log })
      .catch((error) => app.log.warn({ event: 'pay.sweep.failed', err: String(error) }))
      .finally(() => {
        sweeping = null;
      });
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
};
