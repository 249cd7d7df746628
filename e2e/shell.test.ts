/**
 * The web shell in a real browser against the real server: layout on desktop and phone,
 * identity theme, redirects, the coming-soon notice, keyboard access and the stream reader.
 */
import { messages } from '@jq/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, saveScreenshot, useBrowser, useServer } from './helpers';

const BLUE = 'rgb(22, 119, 255)';
const TEAL = 'rgb(19, 168, 168)';

async function textOf(locator: Locator): Promise<string> {
  return (await locator.textContent()) ?? '';
}

function backgroundOf(page: Page, selector: string): Promise<string> {
  return page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor);
}

describe.skipIf(!hasChromium)('web shell', () => {
  const server = useServer();
  const browser = useBrowser(server);

  it('lays out /home on a desktop in Chinese with a fixed side menu', async () => {
    const page = await browser.newPage();
    await page.goto('/home');
    const sider = page.getByTestId('app-sider');
    // The app renders in slices (a transition), so the shell can arrive just after the load event.
    await sider.getByRole('link', { name: '首页' }).waitFor();
    await expect(sider.getByRole('link', { name: '知识库' }).isVisible()).resolves.toBe(true);
    await expect(sider.getByText('产业链图谱').isVisible()).resolves.toBe(true);
    expect(await textOf(sider.locator('.jq-nav-badge-new'))).toBe('New');
    expect(await page.title()).toBe('首页 - 金桥');
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await page.getByTestId('home-page').waitFor();
    expect(await textOf(page.locator('.jq-footer'))).toContain('© 2021');
    await saveScreenshot(page, 'desktop-home');
  });

  it('puts the menu in a drawer on a phone, closed again with Esc', async () => {
    const page = await browser.newPage({ isPhone: true });
    await page.goto('/home');
    await page.getByTestId('open-menu').waitFor();
    expect(await page.getByTestId('app-sider').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'phone-home');

    await page.getByTestId('open-menu').click();
    const drawer = page.locator('.jq-nav-drawer');
    await drawer.getByRole('link', { name: '知识库' }).waitFor();
    await expect(drawer.getByText('产业链图谱').isVisible()).resolves.toBe(true);
    // Only for the picture: let the slide-in finish.
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'phone-menu');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('switches the primary colour with the identity and keeps it after a reload', async () => {
    const page = await browser.newPage();
    await page.goto('/home');
    const login = '[data-testid="login-button"]';
    await page.locator(login).waitFor();
    expect(await backgroundOf(page, login)).toBe(BLUE);

    await page.getByTestId('identity-switch').getByText('创业者').click();
    await expect.poll(() => backgroundOf(page, login)).toBe(TEAL);
    await expect(page.getByTestId('app-sider').getByText('BP 优化').isVisible()).resolves.toBe(true);

    await page.reload();
    await page.locator(login).waitFor();
    expect(await backgroundOf(page, login)).toBe(TEAL);
  });

  it('sends an unknown path to /home', async () => {
    const page = await browser.newPage();
    await page.goto('/nope/xyz');
    await page.waitForURL('**/home');
    expect(new URL(page.url()).pathname).toBe('/home');
  });

  it('gives the coming-soon notice for a menu item not enabled, staying on the page', async () => {
    const page = await browser.newPage();
    await page.goto('/home');
    await page.getByTestId('app-sider').getByRole('link', { name: '发现' }).click();
    await page.locator('.ant-message').getByText(messages.comingSoon).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
  });

  it('shows the coming-soon page with its title for a page not enabled', async () => {
    const page = await browser.newPage();
    await page.goto('/jq/social');
    await page.getByTestId('coming-soon').getByText(messages.comingSoon).waitFor();
    expect(await page.title()).toBe('发现 - 金桥');
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL('**/home');
  });

  it('reaches the side menu with the keyboard', async () => {
    const page = await browser.newPage();
    await page.goto('/home');
    await page.getByTestId('app-sider').waitFor();
    let isInMenu = false;
    for (let presses = 0; presses < 20 && !isInMenu; presses += 1) {
      await page.keyboard.press('Tab');
      isInMenu = await page.evaluate(() => Boolean(document.activeElement?.closest('.jq-side-nav')));
    }
    expect(isInMenu).toBe(true);
  });

  it('streams a text to its end on /test', async () => {
    const page = await browser.newPage();
    await page.goto('/test');
    const text = '金桥用 AI 连接企业与投资人：智能匹配、项目分析、行业研究，一站完成。Hello 123!';
    await page.getByTestId('stream-input').fill(text);
    await page.getByTestId('stream-start').click();
    await page.locator('[data-testid="stream-status"][data-status="done"]').waitFor();
    expect(await textOf(page.getByTestId('stream-status'))).toBe('完成');
    expect(await textOf(page.getByTestId('stream-output'))).toBe(text);
    expect(await page.title()).toBe('测试 - 金桥');
  });

  it('stops a long stream with 停止', async () => {
    const page = await browser.newPage();
    await page.goto('/test');
    const text = '长文本流式输出测试。'.repeat(300);
    await page.getByTestId('stream-input').fill(text);
    await page.getByTestId('stream-start').click();
    await page.locator('[data-testid="stream-status"][data-status="running"]').waitFor();
    const output = page.getByTestId('stream-output');
    await expect.poll(() => textOf(output)).toMatch(/^长文本流式输出测试。长文本/);
    await page.getByTestId('stream-stop').click();
    await page.locator('[data-testid="stream-status"][data-status="stopped"]').waitFor();
    const stoppedAt = await textOf(output);
    // Nothing arrives after the abort.
    await page.waitForTimeout(500);
    expect(await textOf(output)).toBe(stoppedAt);
    expect(text.startsWith(stoppedAt)).toBe(true);
    expect(stoppedAt.length).toBeLessThan(text.length);
  });
});
