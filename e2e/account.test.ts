/**
 * Accounts in a real browser against the real server: SMS sign-in through the login modal
 * (the code read from the dev outbox), QR sign-in across two browsers, a banned account,
 * the route guard, registration and logout. Skipped until the account feature is on.
 */
import { isFeatureEnabled, messages } from '@jq/contract';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { trackEvents, trackPageViews, trackRemains } from '../apps/server/src/db/schema.js';
import { banUser } from '../apps/server/src/modules/account/bans.js';
import { findUserByPhone, insertUser } from '../apps/server/src/modules/account/users.js';
import { hasChromium, saveScreenshot, useBrowser, useServer } from './helpers';

/** The latest code the dev outbox holds for a phone. */
async function readOutboxCode(page: Page, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/dev/outbox?phone=${phone}`);
      const body = (await response.json()) as { code: number; data?: { code: string } };
      code = body.code === 1000 ? (body.data?.code ?? '') : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Fills the phone form on the page (modal, login page or QR confirm page) and submits it. */
async function submitPhoneForm(page: Page, phone: string): Promise<void> {
  const form = page.getByTestId('phone-login-form');
  await form.getByTestId('phone-input').fill(phone);
  await form.getByTestId('send-code').click();
  await form.getByText(/秒后重发/).waitFor();
  await form.getByTestId('vcode-input').fill(await readOutboxCode(page, phone));
  await form.getByTestId('terms-checkbox').check();
  await form.getByTestId('phone-login-submit').click();
}

/**
 * Waits for the login modal's zoom-in to end: its title is visible from the first frame, and
 * a click while the modal still scales can miss the switch and land on the mask.
 */
async function loginModalSettled(page: Page): Promise<void> {
  await page.getByTestId('login-modal-title').getByText('扫码登录').waitFor();
  await page.locator('.jq-login-modal:not(.ant-zoom-appear)').waitFor();
}

async function openPhoneLogin(page: Page): Promise<void> {
  await page.getByTestId('login-button').click();
  await loginModalSettled(page);
  await page.getByTestId('login-mode-switch').click();
  await page.getByTestId('login-modal-title').getByText('短信登录/注册').waitFor();
}

async function signInFromHome(page: Page, phone: string): Promise<void> {
  await page.goto('/home');
  await openPhoneLogin(page);
  const reloaded = page.waitForEvent('load', { timeout: 15_000 });
  await submitPhoneForm(page, phone);
  // The page reloads as the signed-in user.
  await reloaded;
  await page.getByTestId('header-avatar').waitFor();
}

const storedUser = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('jq_user') ?? '{}').state?.info ?? null);

describe.skipIf(!hasChromium || !isFeatureEnabled('account'))('accounts', () => {
  const server = useServer();
  const browser = useBrowser(server);

  it('signs in by SMS through the login modal, the code read from the dev outbox', async () => {
    const page = await browser.newPage();
    await page.goto('/home');
    await openPhoneLogin(page);
    const modal = page.locator('.jq-login-modal');
    await expect(modal.getByText('+86').isVisible()).resolves.toBe(true);
    await expect(modal.getByText('未注册的手机号验证后将自动注册').isVisible()).resolves.toBe(true);

    // The spec's messages for a wrong phone, an empty code and unticked terms.
    await modal.getByTestId('phone-input').fill('1234');
    await modal.getByTestId('phone-login-submit').click();
    await modal.getByText(messages.phoneInvalid).waitFor();
    await modal.getByText(messages.vcodeInvalid).waitFor();
    await modal.getByText(messages.termsNotAgreed).waitFor();
    await saveScreenshot(page, 'login-modal-phone');

    // The page reloads as the signed-in user a moment after the avatar shows: read it after.
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await submitPhoneForm(page, '13800000001');
    await reloaded;
    await page.getByTestId('header-avatar').waitFor();
    const info = await storedUser(page);
    expect(info.Phone).toBe('13800000001');
    expect(info.role).toBe(0);
    // The session cookie is httpOnly: the page's script never sees it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('jq_session');
  });

  it('signs a desktop in by QR, confirmed on a phone that signs in by SMS first', async () => {
    const desktop = await browser.newPage();
    await desktop.goto('/home');
    await desktop.getByTestId('login-button').click();
    const panel = desktop.getByTestId('qr-panel');
    await expect.poll(() => panel.getAttribute('data-qr-url')).toMatch(/\/jq\/login\?qr=login_/);
    const qrUrl = new URL((await panel.getAttribute('data-qr-url'))!);
    // offsetWidth: the modal's opening zoom scales the box but not its layout size.
    expect(await panel.locator('.ant-qrcode').evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(200);
    await saveScreenshot(desktop, 'login-modal-qr');

    const polls: Array<{ at: number; code: number }> = [];
    desktop.on('response', async (response) => {
      if (!response.url().includes('/api/auth/CheckLoginQrcode')) return;
      const body = (await response.json().catch(() => ({ code: 0 }))) as { code: number };
      polls.push({ at: Date.now(), code: body.code });
    });

    const phone = await browser.newPage({ isPhone: true });
    await phone.goto(`${qrUrl.pathname}${qrUrl.search}`);
    await phone.getByText('确认登录电脑端').waitFor();
    await submitPhoneForm(phone, '13800000002');
    await phone.getByTestId('confirm-user-name').waitFor();
    await saveScreenshot(phone, 'qr-confirm-phone');
    // The desktop learns that the code was scanned before the phone confirms.
    await desktop.getByTestId('qr-scanned').waitFor({ timeout: 10_000 });
    const confirmedAt = Date.now();
    const reloaded = desktop.waitForEvent('load', { timeout: 15_000 });
    await phone.getByTestId('confirm-qr-login').click();
    await phone.getByText('已确认登录').waitFor();

    await reloaded;
    await desktop.getByTestId('header-avatar').waitFor();
    expect((await storedUser(desktop)).Phone).toBe('13800000002');
    const after = polls.filter((poll) => poll.at >= confirmedAt);
    const signedInAt = after.findIndex((poll) => poll.code === 1000);
    expect(signedInAt).toBeGreaterThanOrEqual(0);
    expect(signedInAt).toBeLessThan(2);
  });

  it('signs a user out on the next page load once an administrator bans the account', async () => {
    const page = await browser.newPage();
    await signInFromHome(page, '13800000003');
    const { db } = server.platform.database;
    await banUser(db, (await findUserByPhone(db, '13800000003'))!, 'e2e');

    // The ban ended the session: the next load's profile refresh finds it gone.
    await page.goto('/home');
    await page.getByTestId('login-button').waitFor();
    expect(await storedUser(page)).toBeNull();
  });

  it('shows a banned account the ban message when it tries to sign in', async () => {
    const { db } = server.platform.database;
    const { user } = await insertUser(db, { phone: '13800000006', name: '被封禁用户' });
    await banUser(db, user, 'e2e');
    const page = await browser.newPage();
    await page.goto('/home');
    await openPhoneLogin(page);
    await submitPhoneForm(page, '13800000006');
    await page.locator('.ant-message').getByText(messages.accountBanned).waitFor();
    await saveScreenshot(page, 'login-banned');
    expect(await storedUser(page)).toBeNull();
    await expect(page.getByTestId('login-button').isVisible()).resolves.toBe(true);
  });

  it('sends a visitor of a page that needs an account home with the login modal, and back after', async () => {
    const page = await browser.newPage();
    await page.goto('/jq/user');
    await page.waitForURL('**/home?redirect=%2Fjq%2Fuser');
    await loginModalSettled(page);
    await page.getByTestId('login-mode-switch').click();
    await submitPhoneForm(page, '13800000004');
    await page.waitForURL('**/jq/user', { timeout: 15_000 });
    await page.getByTestId('user-page').waitFor();
  });

  it('fills in and submits the registration form, then signs out', async () => {
    const page = await browser.newPage();
    await signInFromHome(page, '13800000005');
    // Not verified yet: the avatar leads to the registration form.
    await page.getByTestId('header-avatar').click();
    await page.waitForURL('**/jq/user?tab=register');
    const form = page.getByTestId('register-form');
    await form.getByText('企业（融资方）').click();
    expect(await form.getByTestId('register-phone').inputValue()).toBe('13800000005');
    await form.getByTestId('register-name').fill('林晓');
    await form.getByTestId('register-title').fill('创始人兼 CEO');
    await form.getByTestId('register-company').fill('杭州云栖智能科技有限公司');
    await form.getByTestId('register-industry').fill('人工智能');
    await form.getByTestId('register-stage').click();
    await page.locator('.ant-select-dropdown').getByText('A轮', { exact: true }).click();
    await form.getByLabel('融资金额（万元）').fill('3000');
    await form.getByLabel('简介').fill('面向制造业的视觉质检平台，已服务 40 家工厂。');
    await saveScreenshot(page, 'registration-form');
    await form.getByTestId('register-submit').click();

    await page.locator('.ant-modal-confirm-title').getByText('资料已提交，是否现在进行名片认证？').waitFor();
    await page.getByRole('button', { name: '稍后认证' }).click();
    await page.getByTestId('user-name').getByText('林晓').waitFor();
    await page.getByText('企业（融资方）').first().waitFor();
    expect(await page.getByTestId('user-phone').textContent()).toBe('1*********5');
    const info = await storedUser(page);
    expect(info.role).toBe(1);
    expect(info.Name).toBe('林晓');

    // The verification button opens the business-card dialog of the verification area.
    await page.getByTestId('open-verification').click();
    await page.locator('.ant-modal').getByText('选择名片图片').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal').getByText('选择名片图片').waitFor({ state: 'hidden' });

    await page.getByTestId('logout').click();
    await page.waitForURL('**/home');
    await page.getByTestId('login-button').waitFor();
    expect(await storedUser(page)).toBeNull();
  });

  it('records page views, time on page and menu clicks', async () => {
    const page = await browser.newPage();
    await page.goto('/agreement?from=e2e');
    await page.getByTestId('agreement-page').waitFor();
    await page.waitForTimeout(300);
    await page.getByTestId('app-sider').getByRole('link', { name: '首页' }).click();
    await page.waitForURL('**/home');
    const { db } = server.platform.database;
    const rows = async () => ({
      views: await db.select().from(trackPageViews).where(eq(trackPageViews.pathname, '/agreement')),
      remains: await db.select().from(trackRemains).where(eq(trackRemains.pathname, '/agreement')),
      clicks: await db.select().from(trackEvents).where(eq(trackEvents.actionId, '1001')),
    });
    await expect.poll(async () => Object.values(await rows()).map((list) => list.length)).toEqual([1, 1, 1]);
    const { views, remains, clicks } = await rows();
    expect(views[0]).toMatchObject({
      path: '/agreement?from=e2e',
      firstPath: '/agreement',
      firstParam: 'from=e2e',
    });
    expect(views[0]!.clientId).toMatch(/^[0-9a-f]{32}$/);
    expect(remains[0]!.stt).toBeGreaterThanOrEqual(300);
    // The click is recorded on the page it happened on.
    expect(clicks[0]).toMatchObject({
      action: 'menu',
      param: 'home',
      firstPath: '/agreement',
      lastPath: '/agreement',
    });
  });

  it('shows the agreement and the privacy policy', async () => {
    const page = await browser.newPage();
    await page.goto('/agreement');
    await page.getByTestId('agreement-page').getByText('金桥用户协议').first().waitFor();
    expect(await page.title()).toBe('用户协议 - 金桥');
    await saveScreenshot(page, 'agreement');
    await page.goto('/privacy');
    await page.getByTestId('privacy-page').getByText('个人信息保护法', { exact: false }).first().waitFor();
  });
});
