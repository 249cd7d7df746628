/** The billing calls of API.md ("Payments, compute credits, VIP"), one function each, through the one API client. */
import {
  DEFAULT_PRODUCT,
  type Order,
  type PowerChargeCfg,
  type PowerRecord,
  type PowerUnlock,
} from '@jq/contract';
import { apiGet, apiPost } from '../../shared/api/client';

export type ClientType = 'qrcode' | 'wechat';
export type VipLength = 'month' | 'season' | 'year';
export type OrderCheckPath = '/pay/CheckChargeOrder' | '/chat/CheckChargeOrder' | '/user/checkOrder';

export function getPowerChargeCfg() {
  return apiGet<PowerChargeCfg>('/cfg/GetPowerChargeCfg');
}

export function getUserPower() {
  return apiGet<{ power: number }>('/user/GetUserPower');
}

export function getPowerRecords(query: {
  page: number;
  pageSize: number;
  type: 'all' | 'spend' | 'recharge';
}) {
  return apiPost<{ list: PowerRecord[]; total: number; page: number; pageSize: number }>(
    `/${DEFAULT_PRODUCT}/GetUserPowerCost`,
    query,
  );
}

/** Errors are the caller's to show (spec: 获取充值信息失败！), so the call is silent. */
export function genChargeOrder(id: string, money: number, clienttp: ClientType) {
  const path = clienttp === 'wechat' ? '/pay/GetWxJsPay' : '/pay/GenChargeOrder';
  return apiPost<Order>(path, { id, money, clienttp }, { isSilent: true });
}

export function getChargeCode(input: {
  action: 'OptPerCharge' | 'DockPerCharge' | 'ChatPerCharge';
  /** The list price in fen; left out, the server charges its own price. */
  money?: number;
  ConversationId?: string;
  pid?: number;
  clienttp: ClientType;
}) {
  const path = input.clienttp === 'wechat' ? '/chat/GetWxJsPay' : '/chat/GetChargeCode';
  return apiPost<Order>(path, input, { isSilent: true });
}

export function createVipPay(viplength: VipLength, money: number, clienttp: ClientType) {
  return apiPost<Order>(
    '/user/CreatePay',
    {
      relatetype: 'vip',
      servicetp: 'VipCharge',
      servicename: 'VIP',
      money,
      clienttp,
      service: { viplength },
    },
    { isSilent: true },
  );
}

/** 1 when paid. Polled, so silent. */
export function checkOrder(path: OrderCheckPath, orderno: string, signal?: AbortSignal) {
  return apiGet<0 | 1>(path, { orderno }, { isSilent: true, signal });
}

export function unlockWithPower(input: {
  action: 'OptPerCharge' | 'DockPerCharge' | 'ChatPerCharge';
  ConversationId?: string;
  pid?: number;
}) {
  return apiPost<PowerUnlock>('/pay/PowerUnlock', input);
}
