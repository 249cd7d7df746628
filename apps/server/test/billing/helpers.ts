/** Shared steps of the billing tests: placing orders and delivering signed sandbox notifications. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { chatConversations } from '../../src/db/schema.js';
import type { Db } from '../../src/platform/database/index.js';
import type { TestApp } from '../helpers/app.js';

export async function post(t: TestApp, url: string, cookie: string, payload: object = {}) {
  return t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
}

export async function get(t: TestApp, url: string, cookie: string) {
  return t.app.inject({ method: 'GET', url, headers: { cookie } });
}

/** Places a recharge order of a package and returns its order number. */
export async function rechargeOrder(t: TestApp, cookie: string, id = 'p100'): Promise<string> {
  const res = await post(t, '/api/pay/GenChargeOrder', cookie, { id });
  expect(res.json().code, res.body).toBe(1000);
  return res.json().data.orderno as string;
}

export interface SandboxNotice {
  orderno: string;
  amount_fen: number;
  txn_id?: string;
  paid_at?: string;
}

/** A sandbox notification signed as the sandbox signs it (`timestamp` in seconds to forge an old one). */
export async function signedNotice(t: TestApp, notice: SandboxNotice, timestamp?: number) {
  const body = JSON.stringify({
    txn_id: `SBTEST${notice.orderno}`,
    paid_at: new Date().toISOString(),
    ...notice,
  });
  const headers = await t.platform.pay.sandbox!.sign(body, timestamp);
  return { headers, body };
}

export async function deliver(t: TestApp, notice: { headers: Record<string, string>; body: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/pay/notify/sandbox',
    headers: notice.headers,
    payload: notice.body,
  });
}

export async function balanceOf(t: TestApp, cookie: string): Promise<number> {
  const res = await get(t, '/api/user/GetUserPower', cookie);
  expect(res.json().code, res.body).toBe(1000);
  return res.json().data.power as number;
}

export async function isPaid(
  t: TestApp,
  cookie: string,
  orderno: string,
  path = '/api/pay/CheckChargeOrder',
) {
  const res = await get(t, `${path}?orderno=${orderno}`, cookie);
  return res.json();
}

/** A conversation of the signed-in user (what a ChatPerCharge unlock may be bought for). */
export async function newConversation(t: TestApp, cookie: string): Promise<string> {
  const res = await post(t, '/api/chat/createchat', cookie);
  expect(res.json().code, res.body).toBe(1000);
  return res.json().data.chatuuid as string;
}

/** `count` conversations of a user, written directly (for tests that need many). */
export async function conversationsOf(db: Db, userId: number, count: number): Promise<string[]> {
  const uuids = Array.from({ length: count }, () => randomUUID());
  await db.insert(chatConversations).values(
    uuids.map((uuid) => ({
      uuid,
      userId,
      clientId: '',
      kind: 'chat' as const,
      action: 'chat',
      agent: 'assistant',
    })),
  );
  return uuids;
}
