/** Calling the messaging rows as signed-in users of a test app. */
import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';

export interface Person {
  id: number;
  uguid: string;
  name: string;
  cookie: string;
}

export async function person(
  t: TestApp,
  name: string,
  fields: Record<string, unknown> = {},
): Promise<Person> {
  const { user, cookie } = await signIn(t.platform.database.db, { name, ...fields });
  return { id: user.id, uguid: user.uguid, name, cookie };
}

export async function call(t: TestApp, who: Person | null, path: string, payload: unknown = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: who ? { cookie: who.cookie } : {},
    payload: payload as object,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of many shapes.
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
}

/** The data of a call that must succeed. */
export async function ok(t: TestApp, who: Person | null, path: string, payload: unknown = {}) {
  const res = await call(t, who, path, payload);
  if (res.body.code !== 1000) throw new Error(`${path}: ${res.status} ${res.body.code} ${res.body.msg}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

export async function privateChat(t: TestApp, a: Person, b: Person): Promise<number> {
  return (await ok(t, a, '/im/private', { tuid: b.uguid })).id;
}

export async function say(t: TestApp, who: Person, conv: number, text: string, cid = '') {
  return ok(t, who, '/im/send', { id: conv, text, cid });
}
