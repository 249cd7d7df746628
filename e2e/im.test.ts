/**
 * Messaging in two real browsers against the real server: a founder opens an investor's
 * page and sends a private message with "私信"; the investor, elsewhere in the app, sees the
 * header's unread badge and the spec's notification (新消息 / 您收到一条私聊消息，点击查看),
 * which opens the conversation; a reply comes back live with a read receipt; a reload
 * keeps the history; a flood of unread messages shows 99+. Then a group is created and
 * joined through its invite link. Screenshots at 1440×900 and on a 390×844 phone.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { investors, users } from '../apps/server/src/db/schema.js';
import { hasChromium, saveScreenshot, useBrowser, useServer } from './helpers';
import { signInByApi } from './session';

const DESKTOP = { width: 1440, height: 900 };
/** A 64×40 blue PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAoCAIAAADBrGu+AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAY0lEQVR4nO3PAQkAABDCQFNY9ePvY4ggXIBNPqopXuANUE3xAm+AaooXeANUU7zAG6Ca4gXeANUUL/AGqKZ4gTdANcULvAGqKV7gDVBN8QJvgGqKF3gDVFO8wBugmuIF3gDVHg8GeOJ5FDq8AAAAAElFTkSuQmCC',
  'base64',
);
const FOUNDER_PHONE = '13700000101';
const INVESTOR_PHONE = '13700000102';

describe.skipIf(!hasChromium)('messaging in the browser', () => {
  const server = useServer();
  const browser = useBrowser(server);

  /** Two signed-in, verified people (social chat needs verification, spec section 2). */
  async function twoPeople(founderPhone: string, investorPhone: string, phoneForInvestor = false) {
    const founder = await browser.newPage({ viewport: DESKTOP });
    const investor = await browser.newPage(phoneForInvestor ? { isPhone: true } : { viewport: DESKTOP });
    const a = await signInByApi(founder, founderPhone);
    const b = await signInByApi(investor, investorPhone);
    const db = server.platform.database.db;
    await db
      .update(users)
      .set({ isVerified: true })
      .where(inArray(users.uguid, [a.uguid, b.uguid]));
    await db.update(users).set({ name: '林创' }).where(eq(users.uguid, a.uguid));
    await db.update(users).set({ name: '周投' }).where(eq(users.uguid, b.uguid));
    return { founder, investor, a, b };
  }

  const badge = (page: Page) => page.getByTestId('im-unread-badge').locator('.ant-badge-count');

  it('chats privately from an investor page: badge, notification, live reply, receipt, reload', async () => {
    const { founder, investor } = await twoPeople(FOUNDER_PHONE, INVESTOR_PHONE);
    const [record] = await server.platform.database.db
      .insert(investors)
      .values({ name: '周投', title: '合伙人', phone: INVESTOR_PHONE, searchTokens: '', nameGrams: '' })
      .returning();

    // The investor is elsewhere in the app when the message arrives.
    await investor.goto('/home');
    await investor.getByTestId('im-entry').waitFor();

    await founder.goto(`/jq/investor?iid=${record!.id}`);
    await founder.getByTestId('investor-detail').getByTestId('message-button').click();
    await founder.waitForURL(/\/user\/chat\?id=\d+/);
    await founder.getByTestId('im-pane-title').getByText('周投').waitFor();
    const input = founder.getByTestId('im-input');
    await input.fill('周总您好，我们是做储能电池管理系统的团队，想约您聊聊 A 轮。');
    await input.press('Enter');
    await founder.getByTestId('im-message').filter({ hasText: '储能电池管理系统' }).waitFor();

    await expect.poll(() => badge(investor).textContent(), { timeout: 15_000 }).toBe('1');
    const notice = investor.getByTestId('im-notification');
    await notice.getByText('新消息').waitFor();
    await notice.getByText('您收到一条私聊消息，点击查看').waitFor();
    await investor.waitForTimeout(400); // the notice's entrance animation
    await saveScreenshot(investor, 'im-notification-1440');
    await notice.click();
    await investor.waitForURL(/\/user\/chat\?id=\d+/);
    await investor.getByTestId('im-message').filter({ hasText: '储能电池管理系统' }).waitFor();
    // Read on screen: the badge clears, and the founder sees the receipt.
    await expect.poll(() => badge(investor).count(), { timeout: 10_000 }).toBe(0);
    await founder.getByTestId('im-receipt').getByText('已读').waitFor({ timeout: 10_000 });

    await investor.getByTestId('im-input').fill('可以，下周二下午方便吗？');
    await investor.getByTestId('im-send').click();
    await founder.getByTestId('im-message').filter({ hasText: '下周二下午' }).waitFor();

    // An image goes through the sliced upload and shows on the other side.
    await founder
      .getByTestId('im-image-input')
      .setInputFiles({ name: '团队合影.png', mimeType: 'image/png', buffer: PNG });
    const picture = investor.locator('img.jq-im-image[alt="团队合影.png"]');
    await picture.waitFor({ timeout: 20_000 });
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await saveScreenshot(founder, 'im-private-chat-1440');

    // A reload keeps the history (it is the database's, not the page's).
    await founder.reload();
    await founder.getByTestId('im-message').filter({ hasText: '储能电池管理系统' }).waitFor();
    await founder.getByTestId('im-message').filter({ hasText: '下周二下午' }).waitFor();
    expect(await founder.getByTestId('im-message').count()).toBe(3);

    // 120 unread messages show as 99+.
    const conv = Number(new URL(founder.url()).searchParams.get('id'));
    const db = server.platform.database.db;
    await db.execute(sql`
      insert into im_messages (conversation_id, seq, sender_id, kind, body)
      select ${conv}, 3 + n, (select id from users where phone = ${FOUNDER_PHONE}), 'text', '批量消息 ' || n
      from generate_series(1, 120) n`);
    await db.execute(sql`update im_conversations set last_seq = 123, updated_at = now() where id = ${conv}`);
    await investor.goto('/home');
    await expect.poll(() => badge(investor).textContent(), { timeout: 15_000 }).toBe('99+');
  });

  it('joins a group through its invite link, on a phone', async () => {
    const { founder, investor } = await twoPeople('13700000201', '13700000202', true);
    await founder.goto('/user/chat');
    await founder.getByTestId('im-tabs').getByText('群聊广场').click();
    await founder.getByTestId('im-create-group').click();
    // Typed once the modal's zoom-in has ended, so the click below lands on a still button.
    await founder
      .locator('.ant-modal:not(.ant-zoom-appear)')
      .getByTestId('im-group-name')
      .fill('储能赛道交流群');
    // antd spaces two-character button labels (创 建).
    await founder.locator('.ant-modal-footer .ant-btn-primary').click();
    await founder.getByTestId('im-pane-title').getByText('储能赛道交流群').waitFor();
    await founder.getByTestId('im-pane-menu').click();
    await founder.getByText('邀请链接').click();
    const url = await founder.getByTestId('im-invite-url').inputValue();
    expect(url).toMatch(/\/groupinvite\?id=[A-Za-z0-9]+$/);
    await founder.keyboard.press('Escape');

    await investor.goto(new URL(url).pathname + new URL(url).search);
    await investor.getByTestId('im-invite-group').getByText('储能赛道交流群').waitFor();
    await saveScreenshot(investor, 'im-invite-390');
    await investor.getByTestId('im-invite-join').click();
    await investor.waitForURL(/\/user\/chat\?id=\d+/);
    await investor.getByTestId('im-system-line').getByText('周投 加入了群聊').waitFor();
    await founder.getByTestId('im-system-line').getByText('周投 加入了群聊').waitFor();

    await investor.getByTestId('im-input').fill('大家好，我是周投，关注储能与新能源。');
    await investor.getByTestId('im-send').click();
    await founder.getByTestId('im-message').filter({ hasText: '关注储能与新能源' }).waitFor();
    await saveScreenshot(investor, 'im-group-390');
    await saveScreenshot(founder, 'im-group-1440');

    // The phone shows one thing at a time: back from the conversation to the list.
    await investor.getByTestId('im-pane').getByRole('button', { name: '返回' }).click();
    await investor.getByTestId('im-conversation').filter({ hasText: '储能赛道交流群' }).waitFor();
    await saveScreenshot(investor, 'im-list-390');
    await founder.getByTestId('im-tabs').getByText('群聊广场').click();
    await founder
      .getByTestId('im-square-group')
      .filter({ hasText: '储能赛道交流群' })
      .getByText(/进\s*入/)
      .waitFor();
    await saveScreenshot(founder, 'im-square-1440');
  });

  it('says on /download that there is no desktop client, and the web app installs with a service worker', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto('/download');
    await page.getByTestId('download-page').getByText('金桥暂不提供桌面客户端', { exact: false }).waitFor();
    await page.getByTestId('pwa-install').waitFor();
    await page.getByTestId('pwa-notify').waitFor();
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      display: string;
      icons: { sizes: string }[];
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    // The worker registers and controls the page; API calls still go to the network.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');
    await saveScreenshot(page, 'im-download-1440');
  });
});
