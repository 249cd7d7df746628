/**
 * Billing rows of API.md: prices, orders for recharges, per-use unlocks and VIP, the paid
 * checks the pay modals poll, balance and records, and unlocking with credits. Each handler
 * parses, calls one use case and answers. Provider-facing rows are in provider-routes.ts.
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
import type { Config } from '../../config.js';
import { me, type Route, route } from '../../http/index.js';
import type { Db } from '../../platform/database/index.js';
import type { PayPort } from '../../platform/pay/index.js';
import { orderPerUse, orderRecharge, orderVip } from './buy.js';
import { getBalance } from './ledger.js';
import { checkOrderPaid } from './lifecycle.js';
import { getChatCfg, getPowerChargeCfg } from './price-lists.js';
import { providerRoutes } from './provider-routes.js';
import { listPowerRecords } from './records.js';
import { type UnlockTargets, unlockForCaller } from './unlock.js';

export interface BillingDeps {
  db: Db;
  pay: PayPort;
  config: Config;
  unlockTargets: UnlockTargets;
}

export function billingRoutes(deps: BillingDeps): Route[] {
  const { db, config } = deps;
  const orderDeps = (request: FastifyRequest) => ({ ...deps, log: request.log });
  const order = { method: 'POST', access: 'L', data: OrderSchema } as const;
  const paidCheck = (path: string) =>
    route({
      method: 'GET',
      path,
      access: 'L',
      summary: '订单是否已支付（1 已支付，0 未支付）',
      query: OrderNoQuerySchema,
      data: OrderPaidSchema,
      handler: (request) => checkOrderPaid(orderDeps(request), me(request).id, request.query.orderno),
    });

  return [
    route({
      method: 'GET',
      path: '/cfg/GetPowerChargeCfg',
      access: 'P',
      summary: '算力充值套餐',
      data: PowerChargeCfgSchema,
      handler: () => getPowerChargeCfg(config),
    }),
    route({
      method: 'GET',
      path: '/cfg/GetChatCfg',
      access: 'A',
      summary: '对话价格与免费额度',
      data: ChatCfgSchema,
      handler: (request) => getChatCfg(config, Boolean(request.user)),
    }),
    route({
      ...order,
      path: '/pay/GenChargeOrder',
      summary: '算力充值下单',
      body: GenChargeOrderBodySchema,
      handler: (request) => orderRecharge(orderDeps(request), me(request).id, request.body),
    }),
    route({
      ...order,
      path: '/pay/GetWxJsPay',
      summary: '算力充值（微信内支付）',
      body: GenChargeOrderBodySchema,
      handler: (request) =>
        orderRecharge(orderDeps(request), me(request).id, { ...request.body, clienttp: 'wechat' }),
    }),
    route({
      ...order,
      path: '/chat/GetChargeCode',
      summary: '单次付费下单',
      body: ChargeCodeBodySchema,
      handler: (request) => orderPerUse(orderDeps(request), me(request).id, request.body),
    }),
    route({
      ...order,
      path: '/chat/GetWxJsPay',
      summary: '单次付费（微信内支付）',
      body: ChargeCodeBodySchema,
      handler: (request) =>
        orderPerUse(orderDeps(request), me(request).id, { ...request.body, clienttp: 'wechat' }),
    }),
    route({
      ...order,
      path: '/user/CreatePay',
      summary: '开通 VIP 下单',
      body: CreatePayBodySchema,
      handler: (request) => {
        const { service, money, clienttp } = request.body;
        return orderVip(orderDeps(request), me(request).id, {
          viplength: service.viplength,
          money,
          clienttp,
        });
      },
    }),
    paidCheck('/pay/CheckChargeOrder'),
    paidCheck('/chat/CheckChargeOrder'),
    paidCheck('/user/checkOrder'),
    route({
      method: 'GET',
      path: '/user/GetUserPower',
      access: 'L',
      summary: '算力余额',
      data: PowerSchema,
      handler: async (request) => ({ power: await getBalance(db, me(request).id) }),
    }),
    route({
      method: 'POST',
      path: `/${config.product}/GetUserPowerCost`,
      access: 'L',
      summary: '算力收支记录',
      body: PowerRecordsBodySchema,
      data: PowerRecordPageSchema,
      handler: (request) => listPowerRecords(db, me(request).id, request.body),
    }),
    route({
      method: 'POST',
      path: '/pay/PowerUnlock',
      access: 'L',
      summary: '用算力单次解锁（VIP 免费解锁联系方式与建议）',
      body: PowerUnlockBodySchema,
      data: PowerUnlockSchema,
      handler: (request) => {
        const { action, ConversationId, pid } = request.body;
        return unlockForCaller({ db, config, targets: deps.unlockTargets }, me(request).id, {
          action,
          conversationId: ConversationId,
          pid,
        });
      },
    }),
    ...providerRoutes(deps),
  ];
}
