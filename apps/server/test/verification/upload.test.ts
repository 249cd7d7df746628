/**
 * Card image upload through the real app: the upload credential, the signed local PUT
 * (signature, expiry, owner), content checks by magic bytes and size, re-upload, the
 * owner-only read, and updateBcard's rules. OCR is Tencent's, answered by the local fake.
 */
import { CARD_MAX_BYTES, Code, messages } from '@jq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueUploadCredential } from '../../src/modules/verification/upload.js';
import { type FakeS3Server, startFakeS3 } from '../fakes/s3-server.js';
import { type FakeTencentOcr, startFakeTencentOcr } from '../fakes/tencent-ocr.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { blankImage, getUploadTicket, putImage, submitCard, uploadCard } from './helpers.js';

const KEYS = { secretId: 'AKIDjqupload', secretKey: 'jq-upload-secret' };
const CARD = [
  { Name: '姓名', Value: '赵敏' },
  { Name: '公司', Value: '杭州云栖智能科技有限公司' },
  { Name: '手机', Value: '13700001111' },
];

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`card upload on ${engine}`, () => {
    let t: TestApp;
    let fake: FakeTencentOcr;
    beforeAll(async () => {
      fake = await startFakeTencentOcr({ ...KEYS, card: CARD });
      t = await createTestApp({
        engine,
        env: {
          OCR_PROVIDER: 'tencent',
          OCR_TENCENT_SECRET_ID: KEYS.secretId,
          OCR_TENCENT_SECRET_KEY: KEYS.secretKey,
          OCR_TENCENT_ENDPOINT: fake.endpoint,
        },
      });
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });
    const db = () => t.platform.database.db;

    it('gives a short-lived signed upload URL under bcard/<uguid>/ for the local store', async () => {
      const { user, cookie } = await signIn(db());
      const ticket = await getUploadTicket(t, cookie);
      expect(ticket.mode).toBe('local');
      expect(ticket.key.startsWith(`bcard/${user.uguid}/`)).toBe(true);
      expect(ticket.uploadUrl).toMatch(/^\/api\/upload\/local\/bcard\/.+\?exp=\d+&sig=[0-9a-f]{64}$/);
      expect(ticket.cardurl).toBe(`/api/upload/file/${ticket.key}`);
      expect(ticket.expire - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(600);
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/GetCosSign' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('refuses bytes that are not an image, whatever the declared type', async () => {
      const { cookie } = await signIn(db());
      const ticket = await getUploadTicket(t, cookie);
      for (const [body, type] of [
        [Buffer.from('<html><script>alert(1)</script></html>'), 'image/jpeg'],
        [Buffer.from('GIF89a……'), 'image/gif'],
        [Buffer.from('plain words'), 'text/plain'],
      ] as const) {
        const res = await putImage(t, cookie, ticket.uploadUrl, body, type);
        expect(res.statusCode, type).toBe(415);
        expect(res.json().msg).toContain(messages.cardUploadFailed);
      }
    });

    it('answers the upload message for a body whose content type cannot be read', async () => {
      const { cookie } = await signIn(db());
      const ticket = await getUploadTicket(t, cookie);
      const res = await putImage(t, cookie, ticket.uploadUrl, blankImage(), '');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: Code.UNSUPPORTED_MEDIA_TYPE });
      expect(res.json().msg).toContain(messages.cardUploadFailed);
    });

    it('refuses an image over 5 MB', async () => {
      const { cookie } = await signIn(db());
      const ticket = await getUploadTicket(t, cookie);
      const big = Buffer.concat([blankImage(), Buffer.alloc(CARD_MAX_BYTES)]);
      const res = await putImage(t, cookie, ticket.uploadUrl, big);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: Code.PAYLOAD_TOO_LARGE });
      expect(res.json().msg).toContain(messages.cardUploadFailed);
    });

    it('refuses a bad signature, an expired URL and a URL issued to another user', async () => {
      const { user, cookie } = await signIn(db());
      const ticket = await getUploadTicket(t, cookie);
      const forged = ticket.uploadUrl.replace(/sig=[0-9a-f]{4}/, 'sig=0000');
      expect((await putImage(t, cookie, forged, blankImage())).statusCode).toBe(403);
      const later = ticket.uploadUrl.replace(/exp=\d+/, `exp=${ticket.expire + 3600}`);
      expect((await putImage(t, cookie, later, blankImage())).statusCode).toBe(403);

      const old = await issueUploadCredential(db(), user, undefined, new Date(Date.now() - 11 * 60_000));
      const expired = await putImage(t, cookie, old.uploadUrl, blankImage());
      expect(expired.statusCode).toBe(403);
      expect(expired.json().msg).toContain('过期');

      const other = await signIn(db());
      expect((await putImage(t, other.cookie, ticket.uploadUrl, blankImage())).statusCode).toBe(403);
      expect(await t.platform.storage.exists(ticket.key)).toBe(false);
    });

    it('stores the image under bcard/, lets the owner re-upload it and nobody else read it', async () => {
      const { cookie } = await signIn(db());
      const ticket = await getUploadTicket(t, cookie);
      expect((await putImage(t, cookie, ticket.uploadUrl, blankImage('png'), 'image/png')).statusCode).toBe(
        200,
      );
      const again = await putImage(t, cookie, ticket.uploadUrl, blankImage('jpeg'));
      expect(again.json().data).toMatchObject({ key: ticket.key, contentType: 'image/jpeg' });

      const read = await t.app.inject({ method: 'GET', url: ticket.cardurl, headers: { cookie } });
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('image/jpeg');
      expect(read.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      const other = await signIn(db());
      const stranger = await t.app.inject({
        method: 'GET',
        url: ticket.cardurl,
        headers: { cookie: other.cookie },
      });
      expect(stranger.statusCode).toBe(403);
    });

    it('refuses an empty card URL, the saved URL again and another user’s image', async () => {
      const { cookie } = await signIn(db());
      const empty = await submitCard(t, cookie, '  ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().msg).toContain('名片');

      const cardurl = await uploadCard(t, cookie, blankImage());
      const first = await submitCard(t, cookie, cardurl);
      expect(first.json()).toMatchObject({ code: Code.OK, msg: messages.submittedForReview });
      expect(first.json().data.fields).toMatchObject({ name: '赵敏', phone: '13700001111' });
      const same = await submitCard(t, cookie, cardurl);
      expect(same.statusCode).toBe(400);
      expect(same.json().msg).toBe('名片未更换，请上传新的名片');

      const other = await signIn(db());
      const theft = await submitCard(t, other.cookie, cardurl);
      expect(theft.statusCode).toBe(403);
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/user/getUserBCardInfo',
        headers: { cookie: other.cookie },
      });
      expect(info.json().data).toBeNull();
    });

    it('answers the recognition error when the card has nothing readable', async () => {
      const { cookie } = await signIn(db());
      const cardurl = await uploadCard(t, cookie, blankImage());
      fake.card = [];
      try {
        const res = await submitCard(t, cookie, cardurl);
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toBe(messages.cardRecognitionFailed);
      } finally {
        fake.card = CARD;
      }
      // Not saved: the same image may be submitted again once it can be read.
      expect((await submitCard(t, cookie, cardurl)).json().code).toBe(Code.OK);
    });
  });
}

describe('card upload on the S3 store', () => {
  const S3 = {
    accessKeyId: 'jq-s3-key',
    secretAccessKey: 'jq-s3-secret',
    region: 'ap-shanghai',
    bucket: 'jq-cards',
  };
  let t: TestApp;
  let s3: FakeS3Server;
  let fake: FakeTencentOcr;
  beforeAll(async () => {
    s3 = await startFakeS3({ ...S3, buckets: [S3.bucket] });
    fake = await startFakeTencentOcr({ ...KEYS, card: CARD });
    t = await createTestApp({
      env: {
        STORAGE_BUCKET: S3.bucket,
        STORAGE_ENDPOINT: s3.endpoint,
        STORAGE_ACCESS_KEY: S3.accessKeyId,
        STORAGE_SECRET_KEY: S3.secretAccessKey,
        STORAGE_FORCE_PATH_STYLE: 'true',
        OCR_PROVIDER: 'tencent',
        OCR_TENCENT_SECRET_ID: KEYS.secretId,
        OCR_TENCENT_SECRET_KEY: KEYS.secretKey,
        OCR_TENCENT_ENDPOINT: fake.endpoint,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    await fake.close();
  });

  it('gives a presigned PUT URL for one key in the bucket, valid for 10 minutes', async () => {
    const { user, cookie } = await signIn(t.platform.database.db);
    const ticket = await getUploadTicket(t, cookie);
    expect(ticket.mode).toBe('presigned');
    const url = new URL(ticket.uploadUrl);
    expect(`${url.protocol}//${url.host}`).toBe(s3.endpoint);
    expect(url.pathname).toBe(`/${S3.bucket}/${ticket.key}`);
    expect(ticket.key.startsWith(`bcard/${user.uguid}/`)).toBe(true);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      /^jq-s3-key\/\d{8}\/ap-shanghai\/s3\/aws4_request$/,
    );
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads and checks a card the client put straight into the bucket', async () => {
    const { cookie } = await signIn(t.platform.database.db);
    const ticket = await getUploadTicket(t, cookie);
    // What the browser's PUT to the presigned URL leaves in the bucket.
    await t.platform.storage.put(ticket.key, Buffer.from('<svg onload=alert(1)>'), {
      contentType: 'image/jpeg',
    });
    const bad = await submitCard(t, cookie, ticket.cardurl);
    expect(bad.statusCode).toBe(415);
    expect(bad.json().msg).toContain(messages.cardUploadFailed);
    await t.platform.storage.put(ticket.key, blankImage(), { contentType: 'image/jpeg' });
    const good = await submitCard(t, cookie, `${s3.endpoint}/${S3.bucket}/${ticket.key}`);
    expect(good.json()).toMatchObject({
      code: Code.OK,
      data: { cardurl: ticket.cardurl, fields: { name: '赵敏' } },
    });
  });
});
