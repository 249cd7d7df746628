/** Helpers for the knowledge base's API tests: uploading bytes, waiting for a file, SSE turns. */
import { randomUUID } from 'node:crypto';
import { CLIENT_ID_HEADER } from '@jq/contract';
import type { TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';

export type Sse = Record<string, unknown> & { type: string; isend: boolean };

export function parseSse(body: string): Sse[] {
  return body
    .split('\n\n')
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk.startsWith('data: '))
    .map((chunk) => JSON.parse(chunk.slice(6)) as Sse);
}

export interface Person {
  id: number;
  headers: Record<string, string>;
}

export async function person(t: TestApp, name = '测试用户'): Promise<Person> {
  const { user, cookie } = await signIn(t.platform.database.db, { name });
  return { id: user.id, headers: { cookie } };
}

export const visitor = (): Person => ({ id: 0, headers: { [CLIENT_ID_HEADER]: `client-${randomUUID()}` } });

export async function call(t: TestApp, who: Person, url: string, payload: object = {}) {
  return t.app.inject({ method: 'POST', url: `/api${url}`, headers: who.headers, payload });
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely.
export async function data<T = any>(t: TestApp, who: Person, url: string, payload: object = {}): Promise<T> {
  const res = await call(t, who, url, payload);
  if (res.statusCode !== 200) throw new Error(`${url} ${res.statusCode} ${res.body}`);
  return res.json().data as T;
}

/**
 * Bytes through the real upload path — a ticket, each 4 MB slice PUT to its signed URL,
 * complete — then kb/create. Answers the first refusal on the way (start, a slice, complete,
 * or kb/create), so a test sees where a bad file is stopped.
 */
export async function upload(
  t: TestApp,
  who: Person,
  bytes: Buffer | string,
  filename: string,
  extra: object = {},
) {
  const done = await uploadFile(t, who, bytes, filename, 'knowledge');
  if (done.statusCode !== 200) return done;
  return call(t, who, '/kb/create', { uploadId: done.json().data.id, ...extra });
}

/** The uploads module's rows alone: start, PUT each slice, complete (answers the first refusal). */
export async function uploadFile(
  t: TestApp,
  who: Person,
  bytes: Buffer | string,
  filename: string,
  purpose: 'knowledge' | 'im',
) {
  const body = Buffer.from(bytes);
  const start = await call(t, who, '/upload/start', { purpose, filename, size: body.length });
  if (start.statusCode !== 200) return start;
  const ticket = start.json().data as {
    ticketId: string;
    sliceSize: number;
    slices: { index: number; url: string }[];
  };
  for (const slice of ticket.slices) {
    const put = await t.app.inject({
      method: 'PUT',
      url: slice.url.replace(/^https?:\/\/[^/]+/, ''),
      headers: { ...who.headers, 'content-type': 'application/octet-stream' },
      payload: body.subarray(slice.index * ticket.sliceSize, (slice.index + 1) * ticket.sliceSize),
    });
    if (put.statusCode !== 200) return put;
  }
  return call(t, who, '/upload/complete', { ticketId: ticket.ticketId });
}

export async function createFile(
  t: TestApp,
  who: Person,
  bytes: Buffer | string,
  filename: string,
  extra: object = {},
) {
  const res = await upload(t, who, bytes, filename, extra);
  if (res.statusCode !== 200) throw new Error(`kb/create ${res.statusCode} ${res.body}`);
  return res.json().data.file as { id: number; status: string };
}

/** Polls kb/status until the file is ready or failed. */
export async function waitSettled(t: TestApp, who: Person, id: number, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { list } = await data(t, who, '/kb/status', { id });
    const item = list[0];
    if (item && (item.status === 'ready' || item.status === 'failed')) return item;
    if (Date.now() > until) throw new Error(`file ${id} not settled: ${JSON.stringify(item)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function readyFile(
  t: TestApp,
  who: Person,
  bytes: Buffer | string,
  filename: string,
  extra: object = {},
) {
  const file = await createFile(t, who, bytes, filename, extra);
  const settled = await waitSettled(t, who, file.id);
  if (settled.status !== 'ready') throw new Error(`file ${file.id} failed: ${settled.failReason}`);
  return file.id;
}

export async function ask(t: TestApp, who: Person, chatuuid: string, question: string) {
  const res = await call(t, who, '/kb/kbchat', { chatuuid, question });
  return { res, events: res.statusCode === 200 ? parseSse(res.body) : [] };
}

/** A Chinese report in Markdown: headings, sentences with figures. */
export const STORAGE_MD = `# 储能行业研究简报

## 市场规模
2025 年中国新型储能累计装机规模达到 73.8 吉瓦，同比增长 130%。其中锂离子电池储能占比超过九成。
工商业储能的峰谷价差套利模式在浙江、广东等地已经跑通，投资回收期约 6 年。

## 竞争格局
储能电池出货量前五的企业合计份额约为 78%，行业集中度较高。系统集成环节竞争激烈，毛利率普遍低于 15%。

## 风险提示
原材料碳酸锂价格波动会直接影响储能项目的收益率。政策补贴退坡也可能放缓装机节奏。
`;
