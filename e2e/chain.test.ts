/**
 * The industry-chain map in a real browser against the real server, on a 1440×900 desktop
 * and a 390×844 phone: open a chain, click a node, see its companies and its investment
 * chart, drill into the deep chain; search a node by name; an unknown word shows the nearest
 * chains. The server gets a small demo library and its placements through its platform.
 */
import { isFeatureEnabled } from '@jq/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { rebuildPlacements } from '../apps/server/src/modules/chain/index.js';
import { hasLibraryData, loadDemoData } from '../apps/server/src/modules/demo/index.js';
import { hasChromium, saveScreenshot, useBrowser, useServer } from './helpers';
import { signInByApi } from './session';

const DEMO_SCALE = { institutions: 80, investors: 400, projects: 1500, reports: 4, news: 10 };
const DESKTOP = { width: 1440, height: 900 };

/** The node with the most companies on the chain map, by the rows the page itself reads. */
async function busiestNode(
  page: Page,
  chainId: string,
): Promise<{ id: string; name: string; companies: number }> {
  const body = await (
    await page.request.post('/api/chain/generateChainStream', { data: { id: chainId } })
  ).text();
  const events = body
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)));
  const graph = events.find((e) => e.card === 'graph');
  const stats = events.find((e) => e.card === 'stats').nodes as Record<string, { companies: number }>;
  const nodes = graph.segments.flatMap((s: { nodes: { id: string; name: string }[] }) => s.nodes);
  const best = nodes.sort(
    (a: { id: string }, b: { id: string }) => stats[b.id]!.companies - stats[a.id]!.companies,
  )[0];
  return { ...best, companies: stats[best.id]!.companies };
}

async function seeCompaniesAndChart(page: Page, companies: number) {
  const drawer = page.getByTestId('chain-drawer');
  await drawer.getByTestId('chain-company').first().waitFor();
  expect(await drawer.getByTestId('chain-company').count()).toBe(Math.min(10, companies));
  await drawer.getByText(`${companies} 家企业`).first().waitFor();
  await drawer.getByRole('tab', { name: '投融资' }).click();
  const chart = drawer.getByTestId('chain-chart-timeline');
  await chart.locator('canvas').waitFor();
  const box = await chart.boundingBox();
  expect(box!.height).toBeGreaterThan(200);
}

describe.skipIf(!hasChromium || !isFeatureEnabled('chain'))('industry chain', () => {
  const server = useServer();
  const browser = useBrowser(server);

  beforeAll(async () => {
    const db = server.platform.database.db;
    if (!(await hasLibraryData(db))) await loadDemoData(server.platform, { scale: DEMO_SCALE });
    await rebuildPlacements(db);
  }, 180_000);

  it('on a desktop: opens a chain, clicks a node, sees its companies and chart, drills into the deep chain', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInByApi(page, '13700000031');
    const node = await busiestNode(page, 'nev');
    await page.goto('/chain?id=nev');
    await page.getByTestId('chain-map').waitFor();
    await expect(page.getByTestId('chain-name').textContent()).resolves.toBe('新能源汽车产业链');
    expect(await page.getByTestId('chain-map-node').count()).toBe(18);
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'chain-map-desktop');

    await page.locator(`[data-testid="chain-map-node"][data-name="${node.name}"]`).click();
    await page.waitForURL((url) => url.searchParams.get('node') === node.id);
    await expect
      .poll(() => page.getByTestId('chain-drawer').getByTestId('chain-node-name').textContent())
      .toBe(node.name);
    await seeCompaniesAndChart(page, node.companies);
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'chain-node-charts-desktop');

    await page.getByTestId('chain-drawer').getByRole('tab', { name: '分析' }).click();
    await page.getByTestId('chain-analysis-generate').click();
    await page.getByTestId('chain-analysis').getByText('概览').waitFor();
    await page.getByTestId('chain-analysis').getByRole('button', { name: '重新生成' }).waitFor();
    await saveScreenshot(page, 'chain-node-analysis-desktop');

    await page.getByTestId('chain-deep-link').click();
    await page.waitForURL((url) => url.pathname === '/deepChain' && url.searchParams.get('id') === node.id);
    await page.getByTestId('deep-chain-page').getByTestId('chain-map').waitFor();
    await expect
      .poll(() => page.getByTestId('deep-chain-page').getByTestId('chain-node-name').textContent())
      .toBe(node.name);
    await page.getByTestId('chain-company').first().waitFor();
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'chain-deep-desktop');
    // One more level: a neighbour of the node is its own deep chain.
    const neighbour = page.getByTestId('chain-deep-item').first();
    const name = (await neighbour.textContent())!.split(' · ')[0]!;
    await neighbour.click();
    await page.waitForURL((url) => url.searchParams.get('id') !== node.id);
    // The old node stays on screen until the new one has loaded.
    await expect
      .poll(() => page.getByTestId('deep-chain-page').getByTestId('chain-node-name').textContent())
      .toBe(name);
  });

  it('on a desktop: finds a node by name, and answers an unknown word with the nearest chains', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto('/chain/search?q=正极材料');
    await page.waitForURL((url) => url.pathname === '/chain' && url.searchParams.get('node') !== null);
    await page.getByTestId('chain-drawer').getByTestId('chain-node-name').getByText('正极材料').waitFor();

    await page.goto('/chain/search?q=光伏组件回收利用');
    await page.getByTestId('chain-suggestion').first().waitFor();
    await expect(page.getByTestId('chain-suggestions').textContent()).resolves.toContain('没有找到');
    await saveScreenshot(page, 'chain-search-suggestions-desktop');
  });

  it('on a phone: shows the chain as a list, opens a node with companies and chart, drills into the deep chain', async () => {
    const page = await browser.newPage({ isPhone: true });
    await signInByApi(page, '13700000032');
    const node = await busiestNode(page, 'ai');
    await page.goto('/chain?id=ai');
    await page.getByTestId('chain-list').waitFor();
    expect(await page.getByTestId('chain-map').count()).toBe(0);
    await saveScreenshot(page, 'chain-list-phone');

    await page.locator(`[data-testid="chain-list-node"][data-name="${node.name}"]`).click();
    await seeCompaniesAndChart(page, node.companies);
    await saveScreenshot(page, 'chain-node-phone');

    await page.getByTestId('chain-drawer').getByRole('tab', { name: '企业' }).click();
    await page.getByTestId('chain-deep-link').click();
    await page.waitForURL((url) => url.pathname === '/deepChain');
    await page.getByTestId('deep-chain-page').getByTestId('chain-list').waitFor();
    await page.getByTestId('chain-company').first().waitFor();
    await saveScreenshot(page, 'chain-deep-phone');
  });
});
