/**
 * Retrieval with an embeddings service (a fake speaking the OpenAI protocol on 127.0.0.1): the
 * parse job stores a vector per chunk, and a question in other words (套现 for 退出) finds the
 * chunk full text cannot; with the service failing at question time, full text still answers.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/platform/database/index.js';
import { type FakeEmbeddings, startFakeEmbeddings } from '../assistant/fake-embeddings.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { ask, data, type Person, person, readyFile } from './helpers.js';

const KEY = 'sk-kb-test';
const filler = (topic: string) =>
  Array.from({ length: 120 }, (_, i) => `${topic}的第 ${i + 1} 条说明：设备巡检按月进行，记录完整。`).join(
    '\n',
  );
const DOC = [
  `# 第一章 运维\n${filler('运维')}`,
  `# 第二章 安全\n${filler('安全')}`,
  '# 第三章 回报\n本项目的投资人计划在第五年通过并购实现退出，预期回报约为三倍。',
].join('\n\n');

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`knowledge vectors (${engine})`, () => {
    let t: TestApp;
    let fake: FakeEmbeddings;
    let alice: Person;
    beforeAll(async () => {
      fake = await startFakeEmbeddings({ apiKey: KEY });
      t = await createTestApp({
        engine,
        env: {
          EMBEDDING_BASE_URL: fake.url,
          EMBEDDING_API_KEY: KEY,
          EMBEDDING_MODEL: 'fake-embed',
          EMBEDDING_BATCH: '16',
        },
      });
      alice = await person(t, '爱丽丝');
    });
    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    it('finds the chunk that says it in other words, and still answers when the service fails', async () => {
      const id = await readyFile(t, alice, DOC, '项目说明.md');
      const [stored] = await selectRows<{ n: string; chunks: string; model: string }>(
        t.platform.database.db,
        sql`select count(*) as n, (select count(*) from kb_chunks where file_id = ${id}) as chunks, max(model) as model
          from kb_chunk_vectors where file_id = ${id}`,
      );
      expect(Number(stored!.n)).toBe(Number(stored!.chunks));
      expect(stored!.model).toBe('fake-embed');

      const chat = await data(t, alice, '/kb/kbchat_create', { fileIds: [id] });
      const { events } = await ask(t, alice, chat.chatuuid, '什么时候可以套现离场？');
      const quotes = events.find((e) => e.type === 'quote')?.quotes as { text: string }[];
      expect(quotes.some((q) => q.text.includes('退出'))).toBe(true);

      fake.failNext(5, 500);
      const fallback = await ask(t, alice, chat.chatuuid, '设备巡检多久一次？');
      expect(fallback.events.at(-1)).toMatchObject({ status: 'done' });
      const more = fallback.events.find((e) => e.type === 'quote')?.quotes as { text: string }[];
      expect(more.some((q) => q.text.includes('巡检'))).toBe(true);
    });
  });
}
