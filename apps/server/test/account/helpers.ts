/** Helpers of the account tests: cookies, the dev outbox, SMS sign-in, two processes on one database. */
import { SESSION_COOKIE } from '@jq/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { type App, buildApp } from '../../src/app.js';
import { createPlatform, type Platform } from '../../src/platform/index.js';
import { createTestConfig, type TestEnvOptions } from '../helpers/app.js';

/** The value a response sets for a cookie, or undefined ('' when it clears it). */
export function setCookieValue(res: LightMyRequestResponse, name: string): string | undefined {
  const cookie = res.cookies.find((c) => c.name === name);
  return cookie?.value;
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const token = setCookieValue(res, SESSION_COOKIE);
  if (!token) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `${SESSION_COOKIE}=${token}`;
}

let phoneCounter = 0;
/** A fresh valid mainland mobile number per call. */
export function newPhone(): string {
  phoneCounter++;
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

export async function sendCode(app: App, phone: string, ip = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/SendVCode',
    payload: { Phone: phone },
    remoteAddress: ip,
  });
}

export async function outboxCode(app: App, phone: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?phone=${phone}` });
  if (res.statusCode !== 200) throw new Error(`outbox: ${res.body}`);
  return res.json().data.code;
}

/** Signs in (or registers) by SMS through the real routes; returns the response and cookie. */
export async function smsSignIn(app: App, phone: string, extra: Record<string, unknown> = {}, headers = {}) {
  const sent = await sendCode(app, phone);
  if (sent.statusCode !== 200) throw new Error(`SendVCode: ${sent.body}`);
  const vcode = await outboxCode(app, phone);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/PhoneLogin',
    payload: { phone, vcode, ...extra },
    headers,
  });
  return { res, cookie: res.statusCode === 200 ? sessionCookie(res) : '' };
}

/** Moves every window and expiry of the test database into the past, as if time had passed. */
export async function expireWindows(platform: Platform, pattern = '%') {
  const db = platform.database.db;
  await db.execute(
    sql`update rate_counters set reset_at = now() - interval '1 second' where key like ${pattern}`,
  );
}

export interface TwoApps {
  a: App;
  b: App;
  platforms: [Platform, Platform];
  close(): Promise<void>;
}

/** Two server processes' worth of app (own pools, own bus clients) on one PostgreSQL database. */
export async function twoAppsOnOneDatabase(options: TestEnvOptions = {}): Promise<TwoApps> {
  const { config, cleanup } = await createTestConfig({ engine: 'postgresql', ...options });
  const pa = await createPlatform(config);
  await pa.database.migrate();
  const pb = await createPlatform(config);
  const a = await buildApp({ config, platform: pa });
  const b = await buildApp({ config, platform: pb });
  return {
    a,
    b,
    platforms: [pa, pb],
    async close() {
      await a.close();
      await b.close();
      await pa.close();
      await pb.close();
      await cleanup();
    },
  };
}
