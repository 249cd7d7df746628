/**
 * Business-card verification in a real browser against the real server: a new user fills
 * in the registration form, is offered 名片认证, picks a card image this test renders with
 * Chinese text, crops and uploads it in the AuthDialog, the server's local OCR reads it,
 * the streamed dialogue reads the card back, the user confirms, and the user shows as
 * verified. No OCR fixture: the PaddleOCR models read the 300x200 JPEG the browser made.
 * Skipped without Chromium or Debian's CJK font (the card would have no Chinese glyphs).
 */
import { existsSync } from 'node:fs';
import { isFeatureEnabled, messages } from '@jq/contract';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, saveScreenshot, useBrowser, useServer } from './helpers';
import { signInByApi } from './session';

const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const hasCjkFont = existsSync(CJK_FONT);

const PERSON = {
  phone: '13600000021',
  name: '周明轩',
  title: '创始人兼 CEO',
  company: '杭州云帆智能科技有限公司',
};

/**
 * A 3:2 card, set large: the browser crops it to 300x200 before upload (spec section 5),
 * so printed-size type would shrink below what any OCR reads.
 */
function renderCard(): Buffer {
  GlobalFonts.registerFromPath(CJK_FONT, 'NotoSansCJK');
  const canvas = createCanvas(900, 600);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, 900, 600);
  g.fillStyle = '#111111';
  g.font = '84px NotoSansCJK';
  g.fillText(PERSON.name, 50, 120);
  g.font = '52px NotoSansCJK';
  g.fillText(PERSON.title, 50, 200);
  g.font = '50px NotoSansCJK';
  g.fillText(PERSON.company, 50, 330);
  g.font = '54px NotoSansCJK';
  g.fillText(`手机：${PERSON.phone}`, 50, 450);
  return canvas.toBuffer('image/png');
}

const storedUser = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('jq_user') ?? '{}').state?.info ?? null);

async function register(page: Page): Promise<void> {
  await page.goto('/jq/user?tab=register');
  const form = page.getByTestId('register-form');
  await form.getByText('企业（融资方）').click();
  await form.getByTestId('register-name').fill(PERSON.name);
  await form.getByTestId('register-title').fill(PERSON.title);
  await form.getByTestId('register-company').fill(PERSON.company);
  await form.getByTestId('register-industry').fill('人工智能');
  await form.getByTestId('register-stage').click();
  await page.locator('.ant-select-dropdown').getByText('A轮', { exact: true }).click();
  await form.getByTestId('register-submit').click();
  await page.locator('.ant-modal-confirm-title').getByText('资料已提交，是否现在进行名片认证？').waitFor();
  await page.getByRole('button', { name: '名片认证' }).click();
}

describe.skipIf(!hasChromium || !hasCjkFont || !isFeatureEnabled('account'))('verification', () => {
  const server = useServer();
  const browser = useBrowser(server);

  // The first recognition loads the OCR models (seconds on a busy machine), longer than the
  // client's 6 s request timeout for updateBcard: warm the engine as a running server would be.
  beforeAll(async () => {
    await server.platform.ocr.recognise(renderCard());
  }, 120_000);

  it('verifies a new user from a card the server reads, through the dialog', async () => {
    const page = await browser.newPage();
    await signInByApi(page, PERSON.phone);
    await register(page);

    const dialog = page.getByTestId('auth-dialog');
    await dialog.getByTestId('card-upload').waitFor();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: renderCard() });
    await dialog.getByTestId('card-crop').waitFor();
    await saveScreenshot(page, 'verification-crop');
    await dialog.getByTestId('card-submit').click();
    await page.getByText(messages.submittedForReview).waitFor({ timeout: 30_000 });

    // The read-back of what the OCR found, then the question; the dialog cannot close meanwhile.
    const assistant = dialog.getByTestId('auth-msg-assistant');
    await assistant.filter({ hasText: PERSON.company }).first().waitFor({ timeout: 30_000 });
    await expect(assistant.first().textContent()).resolves.toContain(PERSON.name);
    await dialog.getByTestId('auth-streaming').waitFor({ state: 'hidden' });
    await saveScreenshot(page, 'verification-dialogue');

    // A reply within 1 s of the last send is dropped (spec: send debounce 1 s) with a notice;
    // a person types slower than the read-back streams, the test clicks until it is taken.
    const box = dialog.getByTestId('auth-input-box');
    await box.fill('是');
    const isTaken = async () => (await box.count()) === 0 || (await box.inputValue()) === '';
    await expect
      .poll(async () => {
        if (!(await isTaken())) await dialog.getByTestId('auth-send').click();
        return isTaken();
      })
      .toBe(true);
    await dialog.getByText('您已完成身份认证。').waitFor({ timeout: 30_000 });
    await expect(dialog.getByTestId('auth-input').count()).resolves.toBe(0);
    await saveScreenshot(page, 'verification-verified');

    await page.locator('.ant-modal', { has: dialog }).locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('user-page').getByText('已认证').first().waitFor();
    await expect.poll(async () => (await storedUser(page))?.isVerify).toBe(true);
    const status = (await (await page.request.get('/api/auth/status')).json()) as {
      data: { isVerify: boolean };
    };
    expect(status.data.isVerify).toBe(true);
  }, 120_000);
});
