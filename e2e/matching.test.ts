/**
 * Matching in a real browser against the real server: a signed-in founder describes a demo
 * project, checks the parsed fields, matches, sees ranked investors with score bars and
 * reasons citing real records, opens a detail (also by its shared and Old address) and
 * exports to Excel; on a 390 px phone a description without an industry asks for one first;
 * an investor describes a thesis and gets ranked projects. Skipped until matching is on.
 */
import { isFeatureEnabled } from '@jq/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasLibraryData, loadDemoData } from '../apps/server/src/modules/demo/index.js';
import { hasChromium, saveScreenshot, useBrowser, useServer } from './helpers';

const DEMO_SCALE = { institutions: 120, investors: 500, projects: 2000, reports: 4, news: 20 };

async function signIn(page: Page, phone: string): Promise<{ uguid: string }> {
  await page.request.post('/api/auth/SendVCode', { data: { Phone: phone } });
  const outbox = (await (await page.request.get(`/api/dev/outbox?phone=${phone}`)).json()) as {
    data: { code: string };
  };
  const login = (await (
    await page.request.post('/api/auth/PhoneLogin', { data: { phone, vcode: outbox.data.code } })
  ).json()) as { code: number; data: { uguid: string } };
  expect(login.code).toBe(1000);
  await page.context().addInitScript((info) => {
    if (!localStorage.getItem('jq_user'))
      localStorage.setItem('jq_user', JSON.stringify({ state: { info }, version: 1 }));
  }, login.data);
  return login.data;
}

interface DemoProject {
  id: number;
  name: string;
  brandName: string;
  industryName: string;
  industryNames: string[];
  stageLabel: string;
  amountSought: number | null;
  regionName: string;
  tags: string[];
}

/** A demo project with an A-round and an amount, written up the way a founder would. */
async function describeDemoProject(page: Page): Promise<{ project: DemoProject; text: string }> {
  const answer = (await (
    await page.request.post('/api/acproject/ProjectFuzzySearch', {
      data: { stage: [3], amountMin: 1000, pageSize: 20, sort: 'latest' },
    })
  ).json()) as { data: { list: DemoProject[] } };
  const project = answer.data.list.find((p) => p.industryNames.length > 0 && p.tags.length > 0)!;
  expect(project).toBeDefined();
  const city = project.regionName.split('·').pop()?.trim() ?? '';
  const text =
    `我们在${city}做${project.tags[0]}，属于${project.industryNames.at(-1)}领域，` +
    `已有稳定客户，计划${project.stageLabel}融资${project.amountSought}万元，寻找懂行业的投资机构。`;
  return { project, text };
}

/** Rows of a result list (the streamed preview on /jq/match has rows too). */
const rows = (page: Page) => page.getByTestId('match-list').getByTestId('match-row');

async function expectRankedWithReasons(page: Page): Promise<void> {
  await rows(page).first().waitFor();
  const count = await rows(page).count();
  expect(count).toBeGreaterThanOrEqual(5);
  const scores = (
    await page.getByTestId('match-score').locator('.jq-match-total-value').allTextContents()
  ).map(Number);
  expect(scores.length).toBe(count);
  for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeLessThanOrEqual(scores[i - 1]!);
  const first = rows(page).first();
  const reasons = await first.getByTestId('match-reason').count();
  expect(reasons).toBeGreaterThanOrEqual(2);
  expect(reasons).toBeLessThanOrEqual(4);
  await first.getByTestId('score-industry').getByRole('meter', { name: '行业匹配' }).waitFor();
  // Every cited record opens a library detail that exists.
  const href = await page.locator('a[data-testid="reason-ref"]').first().getAttribute('href');
  expect(href).toMatch(/^\/jq\/(project\?pid|org\?oid|investor\?iid)=\d+$/);
  const [route, id] = href!.slice(4).split(/\?\w+=/);
  const path =
    route === 'project'
      ? ['/api/project/ProjectInfo', { pid: Number(id) }]
      : route === 'org'
        ? ['/api/acorg/OrgCardOrgInfo', { oid: Number(id) }]
        : ['/api/acorg/investorInfo', { id: Number(id) }];
  const record = (await (await page.request.post(path[0] as string, { data: path[1] })).json()) as {
    code: number;
  };
  expect(record.code).toBe(1000);
}

describe.skipIf(!hasChromium || !isFeatureEnabled('matching'))('matching', () => {
  const server = useServer();
  const browser = useBrowser(server);

  beforeAll(async () => {
    const db = server.platform.database.db;
    if (!(await hasLibraryData(db))) await loadDemoData(server.platform, { scale: DEMO_SCALE });
  }, 120_000);

  it('matches a described demo project, ranks investors with reasons and opens one', async () => {
    const page = await browser.newPage();
    await signIn(page, '13700000051');
    const { text } = await describeDemoProject(page);

    await page.goto('/jq/match');
    await page.getByTestId('match-page').waitFor();
    await page.getByTestId('match-source').getByText('描述项目').click();
    await page.getByTestId('match-description').fill(text);
    await page.getByTestId('match-parse').click();
    await page.getByTestId('profile-form').waitFor();
    // The description names the sub-industry, the stage and the amount: all read, all editable.
    await expect(page.getByTestId('choose-industry').count()).resolves.toBe(0);
    await expect(page.locator('#match-amount').inputValue()).resolves.not.toBe('');
    await page.locator('#match-name').fill('e2e 演示项目');
    await saveScreenshot(page, 'matching-profile-desktop');
    await page.getByTestId('match-submit').click();

    await page.waitForURL((url) => url.pathname === '/jq/matchResult' && url.searchParams.has('id'));
    await expectRankedWithReasons(page);
    await expect.poll(() => page.getByTestId('match-for').textContent()).toBe('e2e 演示项目');
    await saveScreenshot(page, 'matching-result-desktop');

    // Institutions are ranked too.
    await page.getByTestId('match-target').getByText('投资机构').click();
    await page.waitForURL((url) => url.searchParams.get('target') === 'institution');
    await page.locator('.jq-match-list:not(.is-refreshing) [data-kind="institution"]').first().waitFor();
    await page.getByTestId('match-target').getByText('投资人').click();
    await page.locator('.jq-match-list:not(.is-refreshing) [data-kind="investor"]').first().waitFor();

    // A detail: why this investor, the score by component, recent deals.
    const firstName = await rows(page).first().getByTestId('match-name').textContent();
    await rows(page).first().getByTestId('match-name').click();
    await page.waitForURL((url) => url.pathname === '/jq/matchDetail' && url.searchParams.has('sid'));
    await expect(page.getByTestId('detail-name').textContent()).resolves.toBe(firstName);
    await expect(
      page.getByTestId('detail-reasons').getByTestId('match-reason').count(),
    ).resolves.toBeGreaterThan(1);
    await expect(page.getByTestId('detail-breakdown').getByRole('meter').count()).resolves.toBe(8);
    await page.getByTestId('match-contact').waitFor();
    await saveScreenshot(page, 'matching-detail-desktop');

    // The same record by its address alone (a shared link), and by the old route.
    const detailUrl = new URL(page.url());
    await page.goto(`${detailUrl.pathname}${detailUrl.search}`);
    await expect(page.getByTestId('detail-name').textContent()).resolves.toBe(firstName);
    await page.goto(`/jq/matchDetailOld${detailUrl.search}`);
    await expect(page.getByTestId('detail-name').textContent()).resolves.toBe(firstName);

    // Export: an .xlsx download of the ranked list.
    await page.getByText('返回匹配结果').click();
    await page.waitForURL((url) => url.pathname === '/jq/matchResult');
    await rows(page).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('match-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^金桥匹配结果_.+_\d{8}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('排名');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe(1);
    expect(sheet.getCell('C2').value).toBe(firstName);
  });

  it('streams recommended investors for my own project, then matches it', async () => {
    const page = await browser.newPage();
    const { uguid } = await signIn(page, '13700000055');
    const { project } = await describeDemoProject(page);
    // Owning a company comes from registration or import; here the relation is written directly.
    await server.platform.database.db.execute(sql`insert into user_projects (user_id, project_id, relation)
      select id, ${project.id}, 'owner' from users where uguid = ${uguid} on conflict do nothing`);

    await page.goto('/jq/match');
    const own = page.getByTestId('own-project').first();
    await own.waitFor();
    await expect(own.textContent()).resolves.toContain(project.brandName || project.name);
    await own.click();
    const preview = page.getByTestId('recommend-preview');
    await preview.getByTestId('match-row').first().waitFor();
    await preview.getByTestId('match-reason').first().waitFor();
    await page.getByTestId('profile-form').waitFor();
    await expect(page.getByTestId('choose-industry').count()).resolves.toBe(0);
    await saveScreenshot(page, 'matching-own-project-desktop');
    await page.getByTestId('match-submit').click();
    await page.waitForURL((url) => url.pathname === '/jq/matchResult');
    await expectRankedWithReasons(page);
    await expect
      .poll(() => page.getByTestId('match-for').textContent())
      .toBe(project.brandName || project.name);
  });

  it('asks a phone user to choose an industry when the description names none', async () => {
    const page = await browser.newPage({ isPhone: true });
    await signIn(page, '13700000052');
    await page.goto('/jq/match');
    await page.getByTestId('match-page').waitFor();
    await page.getByTestId('match-source').getByText('描述项目').click();
    await page.getByTestId('match-description').fill('我们团队很年轻，产品已经上线，正在找投资。');
    await page.getByTestId('match-parse').click();
    await page.getByTestId('choose-industry').waitFor();
    await expect(page.getByTestId('match-submit').isDisabled()).resolves.toBe(true);
    await saveScreenshot(page, 'matching-choose-industry-phone');

    // Keyboard: open the industry select, pick the first option.
    await page.locator('#match-industry').focus();
    await page.keyboard.press('Enter');
    await page.locator('.ant-select-item-option').first().waitFor();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('match-submit').isDisabled()).resolves.toBe(false);
    await page.getByTestId('match-submit').click();
    await page.waitForURL((url) => url.pathname === '/jq/matchResult');
    await rows(page).first().waitFor();
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    await expect(pageWidth()).resolves.toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'matching-result-phone');
    await rows(page).first().getByTestId('match-name').click();
    await page.getByTestId('detail-breakdown').waitFor();
    await expect(pageWidth()).resolves.toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'matching-detail-phone');
  });

  it('ranks projects for an investor thesis and opens a project with its match', async () => {
    const page = await browser.newPage();
    await signIn(page, '13700000053');
    const { project } = await describeDemoProject(page);
    await page.goto('/jq/aiproject');
    await page
      .getByTestId('aiproject-thesis')
      .fill(`关注${project.industryNames.at(-1)}，主投${project.stageLabel}，单笔 2000 万到 8000 万元。`);
    await page.getByTestId('aiproject-submit').click();
    await page.waitForURL((url) => url.pathname === '/jq/aiprojectResult' && url.searchParams.has('q'));
    const first = page.getByTestId('project-match-row').first();
    await first.waitFor();
    await expect(first.getByTestId('match-reason').count()).resolves.toBeGreaterThan(0);
    await saveScreenshot(page, 'matching-projects-desktop');
    const name = await first.getByTestId('match-name').textContent();
    await first.getByTestId('match-name').click();
    await page.waitForURL((url) => url.pathname === '/jq/aiprojectDetail' && url.searchParams.has('pid'));
    await page.getByTestId('project-match-panel').waitFor();
    await expect(page.getByTestId('project-detail').getByTestId('detail-title').textContent()).resolves.toBe(
      name,
    );
    await saveScreenshot(page, 'matching-project-detail-desktop');

    // The project's contacts page: masked until unlocked.
    await page.getByText('查看联系人').click();
    await page.waitForURL((url) => url.pathname === '/jq/aiprojectContact');
    await page.getByTestId('aiproject-contact').getByTestId('contacts').waitFor();
  });

  it('shows the visitors page with its two lists', async () => {
    const page = await browser.newPage();
    await signIn(page, '13700000054');
    await page.goto('/jq/visit');
    await page.getByTestId('visit-page').getByText('还没有人看过你的主页').waitFor();
    await page.getByTestId('visit-tabs').getByText('我看过的').click();
    await page.getByTestId('visit-page').locator('.ant-empty, [data-testid="view-item"]').first().waitFor();
  });
});
