/**
 * Issue 14 point 5, payment as a new user meets it, each case at 1440×900 and at 390×844:
 * the pay modal counts down to the end of the wait and has a 我已支付 button that checks at
 * once; on a phone it offers a pay button, the QR folded away; the sandbox is a small note;
 * 算力 is explained where the balance shows; /vip has no English in its benefits and the
 * plan chosen there is the one the modal confirms, not a second choice.
 */
import { isFeatureEnabled } from '@jq/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, type PageOptions, saveScreenshot, useBrowser, useServer } from './helpers';
import { signInByApi } from './session';

const VIEWS = [
  { name: 'desktop', options: { viewport: { width: 1440, height: 900 } } as PageOptions, isPhone: false },
  { name: 'phone', options: { isPhone: true } as PageOptions, isPhone: true },
] as const;

let phoneSerial = 0;
/** A fresh phone number per sign-in, so cases never share an account. */
const nextPhone = () => `1390015${String(++phoneSerial).padStart(4, '0')}`;

const secondsLeft = async (page: Page) =>
  Number(await page.getByTestId('pay-countdown').getAttribute('data-seconds'));

/** Only for the picture: the modal's zoom-in finished. */
async function settleModal(page: Page) {
  await page.locator('.ant-modal:not(.ant-zoom-appear)').last().waitFor();
  await page.waitForTimeout(300);
}

describe.skipIf(!hasChromium || !isFeatureEnabled('billing') || !isFeatureEnabled('account'))(
  'first impressions: payment (issue 14)',
  () => {
    const server = useServer();
    const browser = useBrowser(server);

    describe.each(VIEWS)('on a $name', ({ name, options, isPhone }) => {
      it('the pay modal counts down, checks at once on 我已支付, and pays with a button on a phone', async () => {
        const page = await browser.newPage(options);
        await signInByApi(page, nextPhone());
        await page.goto('/jq/power');
        // 算力 says what it is where the balance shows.
        const explain = page.getByTestId('power-explain');
        await explain.waitFor();
        expect(await explain.textContent()).toContain('算力是金桥的使用点数');
        await page.getByTestId('power-balance').getByTestId('power-help').waitFor();
        await saveScreenshot(page, `issue14-power-${name}`);

        await page.getByTestId('package-p600').getByRole('button', { name: '立即充值' }).click();
        const modal = page.getByTestId('pay-modal');
        await modal.getByText('充值 600 算力').waitFor();
        await modal.getByTestId('pay-countdown').waitFor();
        // 100 polls × 1.5 s, counting down.
        const first = await secondsLeft(page);
        expect(first).toBeGreaterThan(140);
        expect(first).toBeLessThanOrEqual(150);
        expect(await modal.getByTestId('pay-countdown').textContent()).toMatch(/剩余支付时间 0[12]:\d\d/);
        await expect.poll(() => secondsLeft(page), { timeout: 5000 }).toBeLessThan(first);

        // The sandbox is a small note under the controls, never the instructions.
        const note = modal.getByTestId('pay-sandbox-note');
        expect(await note.textContent()).toContain('沙箱环境');
        expect(
          await note.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize)),
        ).toBeLessThanOrEqual(12);
        expect(await modal.textContent()).not.toContain('用手机扫码或点击');

        const qr = modal.locator('.ant-qrcode');
        let payHref: string;
        if (isPhone) {
          // A pay button, not a QR the phone would have to scan itself.
          const open = modal.getByTestId('pay-open');
          expect(await open.textContent()).toBe('打开支付页');
          expect(await open.evaluate((el) => el.classList.contains('ant-btn-primary'))).toBe(true);
          expect(await qr.count()).toBe(0);
          expect(await modal.textContent()).not.toContain('用手机扫码');
          payHref = (await open.getAttribute('href')) ?? '';
          await settleModal(page);
          await saveScreenshot(page, `issue14-pay-modal-${name}`);
          // The QR stays one tap away, for paying from another device.
          await modal.getByTestId('pay-show-qr').click();
          await qr.waitFor();
        } else {
          await qr.waitFor();
          await modal.getByText('请用手机扫码打开支付页').waitFor();
          payHref = (await note.getByRole('link', { name: '打开支付页' }).getAttribute('href')) ?? '';
          await settleModal(page);
          await saveScreenshot(page, `issue14-pay-modal-${name}`);
        }
        expect(payHref).toMatch(/^\/api\/pay\/sandbox\/[A-Za-z0-9]+/);

        // 我已支付 before paying: says so, and the modal keeps waiting.
        const check = modal.getByTestId('pay-check');
        expect(await check.textContent()).toBe('我已支付');
        await check.click();
        await page.getByText('暂未收到支付结果，请完成支付后再点一次').waitFor();
        await modal.getByTestId('pay-countdown').waitFor();

        // Paid on the sandbox page, then 我已支付: the modal ends as a poll would. The modal's own
        // poll may see the payment first and close it; the success message shows for a few seconds
        // either way, so it is watched for from before the payment, and the click is bounded (a
        // click on a closing modal would wait for a button that never comes back).
        const success = page.getByText('充值算力成功，快去体验更多功能吧！').waitFor();
        const payPage = await page.context().newPage();
        await payPage.goto(payHref);
        await payPage.getByRole('button', { name: '确认支付' }).click();
        await payPage.getByRole('heading', { name: '支付成功' }).waitFor();
        await payPage.close();
        if (await check.isVisible()) await check.click({ timeout: 2_000 }).catch(() => undefined);
        await success;
        await modal.waitFor({ state: 'hidden' });
        await expect
          .poll(() => page.getByTestId('power-balance').locator('.ant-statistic-content-value').textContent())
          .toBe('600');
      });

      it('/vip: benefits in Chinese, the plan chosen on the page is the one the modal pays', async () => {
        const page = await browser.newPage(options);
        await signInByApi(page, nextPhone());
        await page.goto('/vip');
        const vip = page.getByTestId('vip-page');
        await vip.getByTestId('vip-expiry').getByText('您还不是 VIP 会员').waitFor();
        const benefits = (await vip.locator('.jq-vip-benefits').textContent()) ?? '';
        expect(benefits).toContain('项目简介优先展示');
        expect(benefits).not.toMatch(/teaser/i);
        await vip.getByTestId('vip-tier-year').click();
        expect(await vip.getByTestId('vip-open').textContent()).toMatch(/立即开通 ¥\d/);
        await saveScreenshot(page, `issue14-vip-page-${name}`);
        await vip.getByTestId('vip-open').click();

        // One plan, the one chosen: no second row of three to choose from.
        const dialog = page.locator('.ant-modal', { hasText: '开通 VIP 会员' }).first();
        const chosen = dialog.getByTestId('vip-chosen');
        await chosen.waitFor();
        expect(await dialog.locator('.jq-vip-tier').count()).toBe(1);
        expect(await chosen.locator('.jq-vip-tier.is-chosen').textContent()).toContain('年卡');
        await dialog.getByTestId('vip-change').waitFor();
        await settleModal(page);
        await saveScreenshot(page, `issue14-vip-modal-${name}`);
        await dialog.getByTestId('vip-buy').click();

        const modal = page.getByTestId('pay-modal');
        await modal.getByText('开通 VIP 年卡').waitFor();
        // VIP polls 1 s × 60.
        await modal.getByTestId('pay-countdown').waitFor();
        expect(await secondsLeft(page)).toBeLessThanOrEqual(60);
        await modal.getByTestId('pay-check').waitFor();
        if (isPhone) await modal.getByTestId('pay-open').waitFor();
        else await modal.locator('.ant-qrcode').waitFor();
        await settleModal(page);
        await saveScreenshot(page, `issue14-vip-pay-${name}`);
      });
    });
  },
);
