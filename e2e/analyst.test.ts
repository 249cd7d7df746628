/**
 * The assistant's analyst answers in the browser (issue 15), local engine: a ranking with its
 * linked table and the engine as a small tag under the answer, on a desktop and on a phone
 * (where the table scrolls sideways inside the answer instead of widening the page).
 */
import { rm } from 'node:fs/promises';
import { isFeatureEnabled } from '@jq/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../apps/server/src/modules/demo/index.js';
import type { RunningServer } from '../apps/server/src/server.js';
import { hasChromium, saveScreenshot, startTestServer, useBrowser } from './helpers';

const DEMO = {
  seed: 1,
  scale: { institutions: 20, investors: 120, projects: 300, reports: 10, news: 5 },
  now: new Date('2026-11-22T00:00:00Z'),
};
const QUESTION = '最近一年人工智能领域最活跃的投资机构有哪些';
const answer = (page: Page) => page.getByTestId('answer').last();

describe.skipIf(!hasChromium || !isFeatureEnabled('assistant'))('assistant analyst answers', () => {
  let server: RunningServer | undefined;
  let dataDir = '';
  const handle = {
    get url() {
      if (!server) throw new Error('server not started');
      return server.url;
    },
  };
  beforeAll(async () => {
    ({ server, dataDir } = await startTestServer());
    const loaded = await loadDemoData(server.platform, DEMO);
    if (!loaded.loaded) throw new Error(`demo data not loaded: ${loaded.reason}`);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  const browser = useBrowser(handle);

  async function ask(page: Page) {
    await page.goto('/home');
    const input = page.getByTestId('home-page').locator('textarea');
    await input.fill(QUESTION);
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/homechat');
    await answer(page).and(page.locator('[data-status="done"]')).waitFor();
  }

  it('shows the conclusion, the linked ranking and the engine tag under the answer on a desktop', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await ask(page);
    const text = (await answer(page).locator('.jq-md').textContent()) ?? '';
    expect(text).toContain('出手最多的投资机构是');
    expect(text).not.toContain('（本地引擎）');
    await expect(answer(page).locator('.jq-md table a').count()).resolves.toBeGreaterThan(0);
    await page.locator('.jq-answer-engine').last().waitFor();
    await expect(page.locator('.jq-answer-engine').last().textContent()).resolves.toContain('本地引擎');
    await saveScreenshot(page, 'assistant-analyst-desktop');
  });

  it('scrolls the table inside the answer on a phone, the page itself stays phone-wide', async () => {
    const page = await browser.newPage({ isPhone: true, viewport: { width: 390, height: 844 } });
    await ask(page);
    const widths = await page.evaluate(() => {
      const box = document.querySelector('[data-testid="answer"] .jq-md-table') as HTMLElement | null;
      return {
        page: document.documentElement.scrollWidth,
        view: window.innerWidth,
        scroll: box?.scrollWidth ?? 0,
        client: box?.clientWidth ?? 0,
      };
    });
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    expect(widths.client).toBeLessThanOrEqual(widths.view);
    await page.locator('.jq-answer-engine').last().scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'assistant-analyst-phone');
  });
});
