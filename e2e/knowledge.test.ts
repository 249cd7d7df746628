/**
 * The knowledge base in a real browser against the real server, on a 1440 px desktop and a
 * 390 px phone: drop a Markdown file on /knowledge (sliced upload with a progress bar), watch
 * it go to 可用, ask about it on /knowledge/qa, and open the citation — the file's preview at
 * the cited page with the quoted passage highlighted. A reload keeps the answer and its quote.
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isFeatureEnabled } from '@jq/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, saveScreenshot, useBrowser, useServer } from './helpers';
import { signInByApi } from './session';

const DOC = `# 钠离子电池项目简报

## 技术进展
钠离子电池的能量密度已经达到每公斤 160 瓦时，循环寿命超过 4000 次。

## 融资计划
公司计划本轮融资 2 亿元，投后估值 18 亿元，资金主要用于建设年产 5 吉瓦时的产线。
`;

const VIEWPORTS = {
  desktop: { viewport: { width: 1440, height: 900 }, isPhone: false, phone: '13900000161' },
  phone: { viewport: { width: 390, height: 844 }, isPhone: true, phone: '13900000162' },
} as const;

async function uploadAndAsk(page: Page, name: keyof typeof VIEWPORTS) {
  const file = path.join(tmpdir(), `kb-e2e-${name}.md`);
  await writeFile(file, DOC);
  await page.goto('/knowledge?tab=mine');
  await page.getByTestId('kb-mine').waitFor();
  await page.getByTestId('kb-mine').locator('input[type=file]').setInputFiles(file);
  const row = page.getByTestId('kb-file').filter({ hasText: `kb-e2e-${name}` });
  await row.first().waitFor({ timeout: 20_000 });
  await expect.poll(() => row.first().getAttribute('data-status'), { timeout: 30_000 }).toBe('ready');
  await saveScreenshot(page, `knowledge-mine-${name}`);

  await row.first().getByRole('button', { name: '问答' }).click();
  await page.waitForFunction(() => location.search.includes('chatuuid='));
  await page.getByTestId('kb-question').fill('本轮融资多少，投后估值多少？');
  await page.getByTestId('kb-send').click();
  const card = page.getByTestId('quote-card').first();
  await card.waitFor({ timeout: 20_000 });
  await expect(card.textContent()).resolves.toContain('18 亿元');
  await saveScreenshot(page, `knowledge-qa-${name}`);

  // The answer and its citation are stored: a reload shows them again.
  await page.reload();
  await page.getByTestId('quote-card').first().waitFor();
  await page.getByTestId('quote-card').first().click();
  await page.getByTestId('kb-detail-page').waitFor();
  const mark = page.getByTestId('kb-highlight');
  await mark.waitFor();
  await expect(mark.textContent()).resolves.toContain('投后估值 18 亿元');
  expect(new URL(page.url()).searchParams.get('page')).toBe('1');
  await saveScreenshot(page, `knowledge-citation-${name}`);
}

describe.skipIf(!hasChromium || !isFeatureEnabled('knowledge'))('knowledge base in the browser', () => {
  const server = useServer();
  const browser = useBrowser(server);

  for (const name of ['desktop', 'phone'] as const) {
    it(`uploads a file, waits for it, asks, and opens the citation at the page (${name})`, async () => {
      const setup = VIEWPORTS[name];
      const page = await browser.newPage({ viewport: setup.viewport, isPhone: setup.isPhone });
      await signInByApi(page, setup.phone);
      await uploadAndAsk(page, name);
    }, 120_000);
  }
});
