/**
 * Money in a real browser against the real server and its sandbox provider: a recharge paid
 * on the sandbox page (opened from the QR link in a second page) raises the balance on
 * /jq/power exactly once; a demo project's contacts unlocked with those credits show the
 * charge in the records; a user without credits pays one unlock by QR from the global pay
 * modal; a VIP bought on /vip shows its expiry. Skipped until billing is on.
 */
import { isFeatureEnabled } from '@jq/contract';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasLibraryData, loadDemoData } from '../apps/server/src/modules/demo/index.js';
import { selectRows } from '../apps/server/src/platform/database/index.js';
import { hasChromium, saveScreenshot, useBrowser, useServer } from './helpers';
import { signInByApi } from './session';

const DEMO_SCALE = { institutions: 20, investors: 60, projects: 120, reports: 1, news: 2 };
const PRICE = 199; // DockPerCharge credits

interface DemoProject {
  id: number;
  name: string;
  phone: string;
}

/**
 * Opens the sandbox pay page the modal's QR encodes on a phone that is not signed in (its own
 * browser context) and confirms it there: the QR's single-use token is what lets it in, once.
 */
async function payOnSandbox(page: Page, phone: Page): Promise<string> {
  const link = page.getByTestId('pay-modal').getByRole('link', { name: '打开支付页' });
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/api\/pay\/sandbox\/[A-Za-z0-9]+\?t=[\w-]+$/);
  await phone.goto(href);
  await phone.getByRole('heading', { name: '确认订单' }).waitFor();
  await phone.getByRole('button', { name: '确认支付' }).click();
  await phone.getByRole('heading', { name: '支付成功' }).waitFor();
  // Used up: the same link shows the phone nothing more.
  expect(await (await phone.request.get(href)).text()).toContain('找不到这个沙箱订单');
  await phone.close();
  return href;
}

const balanceText = (page: Page) =>
  page.getByTestId('power-balance').locator('.ant-statistic-content-value').textContent();

async function openContacts(page: Page, project: DemoProject) {
  await page.goto(`/jq/project?pid=${project.id}`);
  await page.getByTestId('project-detail').getByTestId('detail-title').waitFor();
  await page.getByTestId('contact').first().waitFor();
  await expect(page.getByTestId('contacts').textContent()).resolves.not.toContain(project.phone);
}

describe.skipIf(!hasChromium || !isFeatureEnabled('billing') || !isFeatureEnabled('library'))(
  'billing',
  () => {
    const server = useServer();
    const browser = useBrowser(server);
    let projects: DemoProject[] = [];

    beforeAll(async () => {
      const db = server.platform.database.db;
      if (!(await hasLibraryData(db))) await loadDemoData(server.platform, { scale: DEMO_SCALE });
      projects = await selectRows<DemoProject>(
        db,
        sql`select id, name, contacts->0->>'phone' as phone from projects
            where is_demo and jsonb_array_length(contacts) > 0 and contacts->0->>'phone' <> ''
            order by id limit 2`,
      );
      expect(projects).toHaveLength(2);
    }, 120_000);

    it('recharges by the sandbox QR once, then unlocks contacts with the credits', async () => {
      const page = await browser.newPage();
      await signInByApi(page, '13600000001');
      await page.goto('/jq/power');
      await expect.poll(() => balanceText(page)).toBe('0');

      await page.getByTestId('package-p600').getByRole('button', { name: '立即充值' }).click();
      await page.getByTestId('pay-modal').getByText('充值 600 算力').waitFor();
      await saveScreenshot(page, 'billing-pay-modal');
      const payPage = await payOnSandbox(page, await browser.newPage());
      await page.getByText('充值算力成功，快去体验更多功能吧！').waitFor();
      await page.getByTestId('pay-modal').waitFor({ state: 'hidden' });
      await expect.poll(() => balanceText(page)).toBe('600');

      // The sandbox delivers again (a provider's retry, confirmed by the signed-in owner): nothing more is credited.
      const again = await page.request.post(payPage, { form: {} });
      expect(await again.text()).toContain('支付成功');
      await page.reload();
      await expect.poll(() => balanceText(page)).toBe('600');
      const records = page.getByTestId('power-page').locator('.ant-table-row');
      await expect.poll(() => records.count()).toBe(1);
      await expect(records.first().textContent()).resolves.toContain('+600');

      // Unlock a demo project's contacts with the credits.
      const [project] = projects;
      await openContacts(page, project!);
      await expect(page.getByTestId('contacts').textContent()).resolves.toContain(`解锁需 ${PRICE} 算力`);
      await page.getByTestId('unlock-contacts').click();
      await page.getByText(`联系方式已解锁，消耗 ${PRICE} 算力，余额 ${600 - PRICE} 算力`).waitFor();
      await page.getByTestId('contacts').getByText(project!.phone).first().waitFor();
      await saveScreenshot(page, 'billing-contacts-unlocked');

      await page.goto('/jq/power');
      await expect.poll(() => balanceText(page)).toBe(String(600 - PRICE));
      const spend = page.getByTestId('power-page').locator('.ant-table-row', {
        hasText: `解锁项目联系方式：${project!.name}`,
      });
      await expect(spend.textContent()).resolves.toContain(`-${PRICE}`);
      await expect.poll(() => records.count()).toBe(2);
      await saveScreenshot(page, 'billing-power-records');
    });

    it('pays one unlock by QR from the pay modal when the credits fall short', async () => {
      const page = await browser.newPage();
      await signInByApi(page, '13600000002');
      const [, project] = projects;
      await openContacts(page, project!);
      await page.getByTestId('unlock-contacts').click();
      await page.getByTestId('pay-shortfall').getByText(`需要 ${PRICE} 算力，当前余额 0 算力`).waitFor();
      await page.getByTestId('pay-modal').getByText(`解锁项目联系方式：${project!.name}`).waitFor();
      await page.getByTestId('pay-go-recharge').waitFor();
      await saveScreenshot(page, 'billing-pay-shortfall');
      await payOnSandbox(page, await browser.newPage());
      await page.getByText('支付完成！').waitFor();
      await page.getByTestId('contacts').getByText(project!.phone).first().waitFor();
      await expect(page.getByTestId('contacts').getByText('已解锁').isVisible()).resolves.toBe(true);

      await page.goto('/jq/power');
      await expect.poll(() => balanceText(page)).toBe('0');
      const rows = page.getByTestId('power-page').locator('.ant-table-row');
      await expect.poll(() => rows.count()).toBe(2);
      await expect(rows.allTextContents()).resolves.toEqual([
        expect.stringContaining(`-${PRICE}`),
        expect.stringContaining(`+${PRICE}`),
      ]);
    });

    it('buys VIP from /vip and shows the expiry there', async () => {
      const page = await browser.newPage({ isPhone: true });
      await signInByApi(page, '13600000003');
      await page.goto('/vip');
      await page.getByTestId('vip-expiry').getByText('您还不是 VIP 会员').waitFor();
      await page.getByTestId('vip-page').getByTestId('vip-tier-month').click();
      await page.getByTestId('vip-open').click();
      const dialog = page.locator('.ant-modal', { hasText: '开通 VIP 会员' }).first();
      await dialog.getByTestId('vip-tier-month').waitFor();
      await expect(dialog.locator('.jq-vip-tier.is-chosen').textContent()).resolves.toContain('月卡');
      await saveScreenshot(page, 'billing-vip-modal-phone');
      await dialog.getByTestId('vip-buy').click();
      await page.getByTestId('pay-modal').getByText('开通 VIP 月卡（30 天）').waitFor();
      await payOnSandbox(page, await browser.newPage());
      await page.getByText('订单支付成功！').waitFor();

      const status = (await (await page.request.get('/api/auth/status')).json()) as {
        data: { isvip: boolean; exptime: string };
      };
      expect(status.data.isvip).toBe(true);
      await page.getByTestId('vip-expiry').getByText(`VIP 有效期至 ${status.data.exptime}`).waitFor();
      const expiry = new Date(`${status.data.exptime.replace(' ', 'T')}+08:00`).getTime();
      expect(Math.round((expiry - Date.now()) / 86_400_000)).toBe(30);
      await saveScreenshot(page, 'billing-vip-active-phone');
    });
  },
);
