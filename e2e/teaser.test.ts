/**
 * Teasers in two browser contexts against the real server: the founder (1440 × 900) writes a
 * teaser from the form and publishes it; the investor (a 390 × 844 phone) finds it in the
 * online list, reads it (contacts masked) and asks to connect; the founder accepts; the
 * investor's page shows the contacts; the founder sees the visit in the analytics.
 */
import { isFeatureEnabled } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hasChromium, saveScreenshot, useBrowser, useServer } from './helpers';
import { signInByApi } from './session';

describe.skipIf(!hasChromium || !isFeatureEnabled('teaser'))('teasers in the browser', () => {
  const server = useServer();
  const browser = useBrowser(server);

  it('founder publishes, investor finds, reads and asks, founder accepts, contacts appear, founder sees the view', async () => {
    const founder = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInByApi(founder, '13900000171');
    await founder.goto('/teaserGenerate');
    await founder.getByLabel('公司名称（匿名时不展示）').fill('深圳市星图智能科技有限公司');
    await founder
      .getByLabel('公司介绍')
      .fill('公司专注人工智能工业视觉检测，总部位于深圳。本轮为A轮融资，计划融资3000万元。');
    await founder.getByLabel('业务数据（只写真实数字）').fill('2025年营收4200万元，服务客户86家。');
    await founder.getByLabel('联系电话').fill('13812345678');
    await founder.getByLabel('联系人').fill('张伟');
    await saveScreenshot(founder, 'teaser-generate-desktop');
    await founder.getByTestId('teaser-create').click();
    await founder.waitForURL(/teaserResult\?id=\d+/);
    const id = Number(new URL(founder.url()).searchParams.get('id'));
    await expect
      .poll(() => founder.getByTestId('section-metrics').inputValue(), { timeout: 20_000 })
      .toContain('4200');
    await saveScreenshot(founder, 'teaser-result-desktop');
    await founder.getByTestId('teaser-publish').click();
    await founder.getByText('已发布', { exact: true }).first().waitFor();

    const investor = await browser.newPage({ isPhone: true, viewport: { width: 390, height: 844 } });
    const who = await signInByApi(investor, '13900000172');
    await server.platform.database.db.execute(
      sql`update users set vip_expires_at = now() + interval '30 days' where uguid = ${who.uguid}`,
    );
    await investor.goto('/teaser?tab=online');
    const card = investor.locator('.teaser-card').first();
    await card.waitFor();
    await expect(card.textContent()).resolves.not.toContain('星图');
    await saveScreenshot(investor, 'teaser-list-phone');
    await card.click();
    await investor.waitForURL(/teaserInfo\?id=\d+/);
    await investor.getByTestId('teaser-sheet').waitFor();
    await expect(investor.getByTestId('teaser-contacts').textContent()).resolves.toContain('138****5678');
    await saveScreenshot(investor, 'teaser-reader-phone');
    // Read for more than one flush (10 s) so the visit is recorded.
    await investor.mouse.wheel(0, 200);
    await investor.waitForTimeout(11_500);
    await investor.getByTestId('ask-unlock').click();
    await investor.getByTestId('unlock-pending').waitFor();

    await founder.goto(`/teaserResult?id=${id}`);
    await founder.getByRole('tab', { name: '联系请求' }).click();
    await founder.getByTestId('accept-unlock').click();
    await founder.getByText('已接受').first().waitFor();

    await investor.reload();
    await expect
      .poll(() => investor.getByTestId('teaser-contacts').textContent(), { timeout: 10_000 })
      .toContain('13812345678');
    await saveScreenshot(investor, 'teaser-unlocked-phone');

    await founder.getByRole('tab', { name: '访问分析' }).click();
    const analytics = founder.getByTestId('teaser-analytics');
    await analytics.waitFor();
    await expect.poll(() => analytics.textContent(), { timeout: 10_000 }).toContain('1');
    await expect(analytics.locator('tbody').textContent()).resolves.toContain('秒');
    await saveScreenshot(founder, 'teaser-analytics-desktop');
    await founder.goto('/teaser?tab=online');
    await founder.locator('.teaser-card').first().waitFor();
    await saveScreenshot(founder, 'teaser-hub-desktop');
    await investor.goto('/teaser?tab=requests');
    await investor.getByText('已接受').first().waitFor();
    await saveScreenshot(investor, 'teaser-requests-phone');
  }, 180_000);

  it('opens the teaser hub at /transfer for a visitor, on a phone', async () => {
    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto('/transfer');
    await visitor.getByRole('heading', { name: '创投匹配' }).waitFor();
    expect(new URL(visitor.url()).pathname).toBe('/transfer');
    await expect(visitor.title()).resolves.toBe('项目转让 - 金桥');
    await saveScreenshot(visitor, 'teaser-transfer-phone');
  }, 60_000);
});
