/**
 * Sliced uploads through the real app on both databases: start, PUT slices to their signed
 * URLs, resume after a dropped connection, complete; wrong slice sizes, oversize and empty
 * files, an executable renamed .pdf refused by its bytes, a wrong declared hash, ownership,
 * and the sweep of expired tickets. Then the same flow with slices PUT straight into an S3
 * bucket (the fake checks the presigned signatures).
 */
import { createHash } from 'node:crypto';
import { Code } from '@jq/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadTickets } from '../../src/db/schema.js';
import {
  CLEAN_EXPIRED_UPLOADS_JOB,
  cleanExpiredUploads,
  deleteUploadedFile,
  findUploadedFilesByHash,
  readUploadedFile,
  storeFile,
} from '../../src/modules/uploads/index.js';
import { type FakeS3Server, startFakeS3 } from '../fakes/s3-server.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { executableBytes, nonEmbeddedCjkPdf } from '../parsing/fixtures.js';

const MB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Ticket {
  ticketId: string;
  mode: string;
  sliceSize: number;
  sliceCount: number;
  slices: { index: number; size: number; url: string }[];
}

/** A real PDF padded to `size` bytes (readers ignore what follows %%EOF). */
function pdfOfSize(size: number): Buffer {
  const pdf = nonEmbeddedCjkPdf([['上传测试文件']]);
  return Buffer.concat([pdf, Buffer.alloc(size - pdf.length, 0x25)]);
}

const sliceOf = (bytes: Buffer, ticket: Ticket, index: number) =>
  bytes.subarray(index * ticket.sliceSize, index * ticket.sliceSize + ticket.slices[index]!.size);

function api(t: TestApp, cookie: string) {
  return {
    start: (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/upload/start', headers: { cookie }, payload: body }),
    put: (url: string, body: Buffer, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'PUT',
        url,
        headers: { cookie, 'content-type': 'application/octet-stream', ...headers },
        payload: body,
      }),
    status: (ticketId: string) =>
      t.app.inject({ method: 'POST', url: '/api/upload/status', headers: { cookie }, payload: { ticketId } }),
    complete: (ticketId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/upload/complete',
        headers: { cookie },
        payload: { ticketId },
      }),
  };
}

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`uploads on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
    });
    afterAll(() => t.close());
    const db = () => t.platform.database.db;

    async function started(cookie: string, bytes: Buffer, extra: object = {}): Promise<Ticket> {
      const res = await api(t, cookie).start({
        purpose: 'knowledge',
        filename: '计划书.pdf',
        size: bytes.length,
        ...extra,
      });
      expect(res.json()).toMatchObject({ code: Code.OK });
      return res.json().data as Ticket;
    }

    it('resumes after a dropped connection: status names the missing slice, complete assembles in order', async () => {
      const { user, cookie } = await signIn(db());
      const client = api(t, cookie);
      const bytes = pdfOfSize(9 * MB + 123);
      const ticket = await started(cookie, bytes, { sha256: sha256(bytes) });
      expect(ticket).toMatchObject({ mode: 'local', sliceSize: 4 * MB, sliceCount: 3 });
      expect(ticket.slices.map((s) => s.size)).toEqual([4 * MB, 4 * MB, MB + 123]);
      expect(ticket.slices[0]!.url).toMatch(/^\/api\/upload\/slice\/[\w-]+\/0\?exp=\d+&sig=[0-9a-f]{64}$/);

      // Slices 0 and 2 arrive, then the connection drops; slice 0 is even sent twice.
      for (const index of [0, 2, 0]) {
        const res = await client.put(ticket.slices[index]!.url, sliceOf(bytes, ticket, index));
        expect(res.json()).toMatchObject({ code: Code.OK, data: { index } });
      }
      const status = (await client.status(ticket.ticketId)).json().data;
      expect(status).toMatchObject({ state: 'open', received: [0, 2], missing: [1], file: null });
      const early = await client.complete(ticket.ticketId);
      expect(early.statusCode).toBe(400);
      expect(early.json()).toMatchObject({ msg: '还有 1 片未上传，请上传后再完成', data: { missing: [1] } });

      await client.put(ticket.slices[1]!.url, sliceOf(bytes, ticket, 1));
      const done = await client.complete(ticket.ticketId);
      expect(done.json()).toMatchObject({
        code: Code.OK,
        msg: '上传成功',
        data: {
          kind: 'pdf',
          size: bytes.length,
          sha256: sha256(bytes),
          filename: '计划书.pdf',
          purpose: 'knowledge',
        },
      });
      const file = done.json().data;
      const read = await readUploadedFile(db(), t.platform.storage, file.id, user.id);
      expect(read.bytes.equals(bytes)).toBe(true);
      expect(read.file.contentType).toBe('application/pdf');
      expect(await t.platform.storage.list(`uploads/parts/${ticket.ticketId}/`)).toEqual([]);
      // Asking again (the answer was lost) gives the same file, not a second one.
      expect((await client.complete(ticket.ticketId)).json().data.id).toBe(file.id);
      expect((await client.status(ticket.ticketId)).json().data).toMatchObject({
        state: 'completed',
        file: { id: file.id },
      });
      expect((await findUploadedFilesByHash(db(), user.id, sha256(bytes))).map((f) => f.id)).toEqual([
        file.id,
      ]);
    });

    it('refuses a slice of the wrong size, an index past the end and a tampered signature', async () => {
      const { cookie } = await signIn(db());
      const client = api(t, cookie);
      const bytes = pdfOfSize(5 * MB);
      const ticket = await started(cookie, bytes);
      const short = await client.put(ticket.slices[0]!.url, bytes.subarray(0, MB));
      expect(short.statusCode).toBe(400);
      expect(short.json().msg).toBe(`第 1 片应为 ${4 * MB} 字节，收到 ${MB} 字节，请重新上传该片`);
      const long = await client.put(ticket.slices[1]!.url, bytes.subarray(0, MB + 1));
      expect(long.statusCode).toBe(400);
      const tooBig = await client.put(ticket.slices[0]!.url, Buffer.alloc(4 * MB + 1));
      expect(tooBig.statusCode).toBe(413);
      const past = ticket.slices[1]!.url.replace('/1?', '/2?');
      expect((await client.put(past, Buffer.alloc(10))).json().code).toBe(Code.NOT_FOUND);
      const tampered = ticket.slices[0]!.url.replace(/sig=[0-9a-f]/, (m) =>
        m.endsWith('0') ? 'sig=1' : 'sig=0',
      );
      expect((await client.put(tampered, sliceOf(bytes, ticket, 0))).json().code).toBe(Code.NOT_FOUND);
      expect((await client.status(ticket.ticketId)).json().data.received).toEqual([]);
    });

    it('refuses an empty file and a file over UPLOAD_MAX_BYTES before any slice', async () => {
      const { cookie } = await signIn(db());
      const empty = await api(t, cookie).start({ purpose: 'knowledge', filename: 'a.txt', size: 0 });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().msg).toBe('文件是空的，请重新选择文件');
      const big = await api(t, cookie).start({ purpose: 'knowledge', filename: 'a.pdf', size: 50 * MB + 1 });
      expect(big.statusCode).toBe(413);
      expect(big.json().msg).toBe('文件超过 50 MB 的上限，请压缩或拆分后上传');
    });

    it('refuses an executable renamed .pdf by its bytes, failing the ticket and dropping its slices', async () => {
      const { cookie } = await signIn(db());
      const client = api(t, cookie);
      const bytes = executableBytes();
      const ticket = await started(cookie, bytes);
      await client.put(ticket.slices[0]!.url, bytes);
      const res = await client.complete(ticket.ticketId);
      expect(res.statusCode).toBe(415);
      expect(res.json().msg).toContain('不支持该文件类型（按文件内容判断）');
      expect((await client.status(ticket.ticketId)).json().data).toMatchObject({
        state: 'failed',
        file: null,
      });
      expect(await t.platform.storage.list(`uploads/parts/${ticket.ticketId}/`)).toEqual([]);
      expect((await client.put(ticket.slices[0]!.url, bytes)).statusCode).toBe(409);
    });

    it('refuses a kind the purpose does not take and bytes that do not match the declared hash', async () => {
      const { cookie } = await signIn(db());
      const client = api(t, cookie);
      const text = Buffer.from('# 不是商业计划书\n只是一段文字。');
      const bp = (await client.start({ purpose: 'bp', filename: 'bp.md', size: text.length })).json()
        .data as Ticket;
      await client.put(bp.slices[0]!.url, text);
      const refused = await client.complete(bp.ticketId);
      expect(refused.statusCode).toBe(415);
      expect(refused.json().msg).toContain('商业计划书支持 PDF、PPT（PPTX）与 Word（DOCX）文件');

      const pdf = pdfOfSize(2000);
      const ticket = await started(cookie, pdf, { sha256: sha256(Buffer.from('别的内容')) });
      await client.put(ticket.slices[0]!.url, pdf);
      const res = await client.complete(ticket.ticketId);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('SHA-256 不一致');
    });

    it('answers another user exactly as for a missing ticket, and keeps their file from them', async () => {
      const owner = await signIn(db());
      const other = await signIn(db());
      const bytes = pdfOfSize(3000);
      const ticket = await started(owner.cookie, bytes);
      const missing = await api(t, other.cookie).status('AAAAAAAAAAAAAAAAAAAAAAAA');
      for (const res of [
        await api(t, other.cookie).status(ticket.ticketId),
        await api(t, other.cookie).complete(ticket.ticketId),
        await api(t, other.cookie).put(ticket.slices[0]!.url, bytes),
      ]) {
        expect(res.statusCode).toBe(missing.statusCode);
        expect(res.json()).toEqual(missing.json());
      }
      await api(t, owner.cookie).put(ticket.slices[0]!.url, bytes);
      const file = (await api(t, owner.cookie).complete(ticket.ticketId)).json().data;
      await expect(readUploadedFile(db(), t.platform.storage, file.id, other.user.id)).rejects.toMatchObject({
        code: Code.NOT_FOUND,
      });
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/upload/start', payload: {} });
      expect(anonymous.statusCode).toBe(401);
    });

    it('stores server-made files the same way, keeps duplicates apart by id and deletes only for the owner', async () => {
      const owner = await signIn(db());
      const other = await signIn(db());
      const deps = { db: db(), storage: t.platform.storage };
      const bytes = Buffer.from('公司,轮次\n金桥,A轮\n');
      const first = await storeFile(deps, owner.user.id, {
        purpose: 'knowledge',
        filename: '演示.csv',
        bytes,
      });
      const second = await storeFile(deps, owner.user.id, {
        purpose: 'knowledge',
        filename: '副本.csv',
        bytes,
      });
      expect(first).toMatchObject({
        kind: 'csv',
        contentType: 'text/csv; charset=utf-8',
        sha256: sha256(bytes),
      });
      expect(second.key).not.toBe(first.key);
      const same = await findUploadedFilesByHash(db(), owner.user.id, sha256(bytes));
      expect(same.map((f) => f.id)).toEqual([first.id, second.id]);
      expect(await findUploadedFilesByHash(db(), other.user.id, sha256(bytes))).toEqual([]);
      await expect(
        storeFile(deps, owner.user.id, { purpose: 'bp', filename: '演示.csv', bytes }),
      ).rejects.toMatchObject({ code: Code.UNSUPPORTED_MEDIA_TYPE });

      expect(await deleteUploadedFile(db(), t.platform.storage, first.id, other.user.id)).toBe(false);
      expect(
        (await readUploadedFile(db(), t.platform.storage, first.id, owner.user.id)).bytes.equals(bytes),
      ).toBe(true);
      expect(await deleteUploadedFile(db(), t.platform.storage, first.id, owner.user.id)).toBe(true);
      expect(await t.platform.storage.exists(first.key)).toBe(false);
      // The duplicate has bytes of its own and is untouched.
      expect(
        (await readUploadedFile(db(), t.platform.storage, second.id, owner.user.id)).bytes.equals(bytes),
      ).toBe(true);
    });

    it('expires unfinished tickets and removes their slices in the scheduled sweep', async () => {
      expect(t.platform.jobs.names()).toContain(CLEAN_EXPIRED_UPLOADS_JOB);
      const { cookie } = await signIn(db());
      const client = api(t, cookie);
      const bytes = pdfOfSize(5 * MB);
      const ticket = await started(cookie, bytes);
      await client.put(ticket.slices[0]!.url, sliceOf(bytes, ticket, 0));
      const live = await started(cookie, pdfOfSize(3000));
      await client.put(live.slices[0]!.url, pdfOfSize(3000));
      await db()
        .update(uploadTickets)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(uploadTickets.id, ticket.ticketId));
      const result = await cleanExpiredUploads(db(), t.platform.storage);
      expect(result.expired).toBeGreaterThanOrEqual(1);
      expect(await t.platform.storage.list(`uploads/parts/${ticket.ticketId}/`)).toEqual([]);
      expect(await t.platform.storage.list(`uploads/parts/${live.ticketId}/`)).toHaveLength(1);
      expect((await client.status(ticket.ticketId)).json().data).toMatchObject({
        state: 'expired',
        missing: [],
      });
      expect((await client.put(ticket.slices[1]!.url, sliceOf(bytes, ticket, 1))).json().code).toBe(
        Code.NOT_FOUND,
      );
      expect((await client.complete(ticket.ticketId)).json().code).toBe(Code.NOT_FOUND);
    });
  });
}

describe('uploads on the S3 store', () => {
  const S3 = {
    accessKeyId: 'jq-s3-key',
    secretAccessKey: 'jq-s3-secret',
    region: 'ap-shanghai',
    bucket: 'jq-files',
  };
  let t: TestApp;
  let s3: FakeS3Server;
  beforeAll(async () => {
    s3 = await startFakeS3({ ...S3, buckets: [S3.bucket] });
    t = await createTestApp({
      env: {
        STORAGE_BUCKET: S3.bucket,
        STORAGE_ENDPOINT: s3.endpoint,
        STORAGE_ACCESS_KEY: S3.accessKeyId,
        STORAGE_SECRET_KEY: S3.secretAccessKey,
        STORAGE_FORCE_PATH_STYLE: 'true',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('takes slices PUT straight into the bucket, resumes, and refuses a wrong-sized one at completion', async () => {
    const { user, cookie } = await signIn(t.platform.database.db);
    const client = api(t, cookie);
    const bytes = pdfOfSize(4 * MB + 500);
    const res = await client.start({ purpose: 'im', filename: '附件.pdf', size: bytes.length });
    const ticket = res.json().data as Ticket;
    expect(ticket.mode).toBe('presigned');
    const url = new URL(ticket.slices[1]!.url);
    expect(`${url.protocol}//${url.host}`).toBe(s3.endpoint);
    expect(url.pathname).toBe(`/${S3.bucket}/uploads/parts/${ticket.ticketId}/00001`);

    const put = (index: number, body: Buffer) => fetch(ticket.slices[index]!.url, { method: 'PUT', body });
    expect((await put(0, sliceOf(bytes, ticket, 0))).status).toBe(200);
    const forged = new URL(ticket.slices[0]!.url);
    forged.pathname = forged.pathname.replace('00000', '00001');
    expect((await fetch(forged, { method: 'PUT', body: Buffer.from('x') })).status).toBe(403);
    expect((await client.status(ticket.ticketId)).json().data).toMatchObject({ received: [0], missing: [1] });

    // The bucket cannot check sizes: a short last slice is caught at completion and asked for again.
    expect((await put(1, Buffer.from('short'))).status).toBe(200);
    const wrong = await client.complete(ticket.ticketId);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ data: { missing: [1] } });
    expect((await client.status(ticket.ticketId)).json().data).toMatchObject({ state: 'open', missing: [1] });

    await put(1, sliceOf(bytes, ticket, 1));
    const done = await client.complete(ticket.ticketId);
    expect(done.json()).toMatchObject({ code: Code.OK, data: { kind: 'pdf', size: bytes.length } });
    const read = await readUploadedFile(
      t.platform.database.db,
      t.platform.storage,
      done.json().data.id,
      user.id,
    );
    expect(read.bytes.equals(bytes)).toBe(true);
    expect(await t.platform.storage.list(`uploads/parts/${ticket.ticketId}/`)).toEqual([]);
  });
});
