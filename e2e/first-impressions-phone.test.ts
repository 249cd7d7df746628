/**
 * Issue 14, points 6 and 7, each case at 1440×900 and at 390×844: the report detail shows
 * what the report's pages say (key points, outline, the PDF button); `?q=` marks the hits in
 * the page body, not only the running header; a phone sees the PDF's text column across its
 * width; the logo stays on one line; no page shows two menu buttons or two back controls;
 * the Enter/Shift+Enter hint is left out on touch screens; the home page does not jump when
 * its suggestions arrive (Lighthouse's layout shift).
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
const nextPhone = () => `1390024${String(++phoneSerial).padStart(4, '0')}`;

interface ReportRow {
  id: number;
  title: string;
  industryName: string;
  pageCount: number;
  pdfUrl: string | null;
}

/** A demo report with a PDF whose title (the PDF's running header) names its industry. */
async function demoReport(page: Page): Promise<ReportRow> {
  const answer = (await (
    await page.request.post('/api/acchat/reportSearch', { data: { pageSize: 20 } })
  ).json()) as { data: { list: ReportRow[] } };
  const report = answer.data.list.find(
    (row) => row.pdfUrl && row.industryName && row.title.includes(row.industryName) && row.pageCount >= 4,
  );
  expect(report).toBeDefined();
  return report!;
}

/** Goes to `path` inside the app (a history entry, as a click would), so the header may offer 返回. */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: 1 }, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/** The menu buttons and back controls a user sees on the screen (返回首页 is not a back control). */
function visibleControls(page: Page) {
  return page.evaluate(() => {
    const isShown = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return (
        box.width > 0 &&
        box.height > 0 &&
        style.visibility !== 'hidden' &&
        box.bottom > 0 &&
        box.top < innerHeight
      );
    };
    const controls = [...document.querySelectorAll('button, a, [role="button"]')].filter(isShown);
    const menus = controls.filter((control) => control.querySelector('.anticon-menu')).length;
    const backs = controls
      .filter(
        (control) =>
          !control.closest('.ant-pagination, .jq-pdf-toolbar, .ant-picker, .ant-carousel') &&
          (control.querySelector(
            ':scope > .anticon-arrow-left, :scope .ant-btn-icon > .anticon-arrow-left',
          ) ||
            /^\s*返回(?!首页)/.test(control.textContent ?? '')),
      )
      .map((control) => control.getAttribute('data-testid') ?? control.textContent?.trim() ?? '?');
    return { menus, backs };
  });
}

describe.skipIf(!hasChromium || !isFeatureEnabled('account'))(
  'first impressions on a phone (issue 14)',
  () => {
    const server = useServer();
    const browser = useBrowser(server);

    beforeAll(async () => {
      const { db } = server.platform.database;
      if (!(await hasLibraryData(db))) await loadDemoData(server.platform, { scale: DEMO_SCALE });
    }, 120_000);

    describe.each(VIEWS)('on a $name', ({ name, options, isPhone }) => {
      it('the report detail shows its facts, key points and chapters from its pages, and opens the PDF', async () => {
        const page = await browser.newPage(options);
        await signInByApi(page, nextPhone());
        const report = await demoReport(page);
        const info = (await (
          await page.request.post('/api/acchat/reportinfo', { data: { id: report.id, page: 1 } })
        ).json()) as {
          data: {
            keyPoints: string[];
            outline: Array<{ pageNo: number; title: string }>;
            page: { text: string };
          };
        };
        await page.goto(`/jq/report?rid=${report.id}`);
        const detail = page.getByTestId('report-detail');
        await detail.waitFor();
        expect(await detail.getByTestId('detail-title').textContent()).toBe(report.title);
        const facts = (await detail.locator('.jq-lib-fact').allTextContents()).join(' ');
        for (const label of ['发布机构', '发布日期', '页数', '行业']) expect(facts).toContain(label);
        expect(facts).toContain(`${report.pageCount} 页`);
        expect(facts).toContain(report.industryName);

        // Key points: the cover's own lines, word for word.
        const points = await detail.getByTestId('report-key-points').locator('li').allTextContents();
        expect(points.length).toBeGreaterThanOrEqual(2);
        for (const point of points) expect(info.data.page.text).toContain(point);
        expect(points).toEqual(info.data.keyPoints);

        // The outline: a chapter per page, each opening the viewer at its page.
        const items = detail.getByTestId('report-outline-item');
        expect(await items.count()).toBeGreaterThanOrEqual(3);
        const first = info.data.outline[0]!;
        expect(await items.first().textContent()).toContain(first.title);
        const chapterHref = new URL((await items.first().locator('a').getAttribute('href'))!, server.url);
        expect(chapterHref.pathname).toBe('/pdfView');
        expect(chapterHref.searchParams.get('page')).toBe(String(first.pageNo));
        await detail.getByTestId('open-pdf').waitFor();
        // The PDF button is in the first screen, not below the fold.
        const button = (await detail.getByTestId('open-pdf').boundingBox())!;
        expect(button.y + button.height).toBeLessThan(isPhone ? 844 : 900);
        await saveScreenshot(page, `issue14-report-detail-${name}`);
      });

      it('?q= marks the hits in the page body, not only the running header', async () => {
        const page = await browser.newPage(options);
        await signInByApi(page, nextPhone());
        const report = await demoReport(page);
        const keyword = report.industryName;
        await page.goto(`/pdfView?pid=${report.id}&page=3&q=${encodeURIComponent(keyword)}`);
        const viewer = page.getByTestId('pdf-viewer');
        await viewer.and(page.locator('[data-hit="found"]')).waitFor({ timeout: 45_000 });
        const marks = await page.evaluate(() => {
          const layer = document.querySelector('.jq-pdf-page .textLayer')!.getBoundingClientRect();
          return [...document.querySelectorAll('.jq-pdf-hit')].map((mark) => {
            const box = mark.getBoundingClientRect();
            return {
              text: mark.textContent ?? '',
              at: (box.top + box.height / 2 - layer.top) / layer.height,
              isCurrent: mark.classList.contains('is-current'),
            };
          });
        });
        // Only the searched word is marked, never a whole line.
        for (const mark of marks)
          expect(mark.text.replace(/\s/g, '').length).toBeLessThanOrEqual(keyword.length);
        expect(marks.filter((mark) => mark.text === keyword).length).toBeGreaterThan(1);
        // The header (top tenth of the page) has a hit, and so has the body; the view goes to the body's.
        expect(marks.some((mark) => mark.at < 0.1)).toBe(true);
        const body = marks.filter((mark) => mark.at > 0.1 && mark.at < 0.9);
        expect(body.length).toBeGreaterThan(0);
        const current = marks.find((mark) => mark.isCurrent);
        expect(current && current.at > 0.1 && current.at < 0.9).toBe(true);
        await saveScreenshot(page, `issue14-pdf-hits-${name}`);
      });

      it('the PDF page fits the width with readable text, without sideways scrolling', async () => {
        const page = await browser.newPage(options);
        await signInByApi(page, nextPhone());
        const report = await demoReport(page);
        await page.goto(`/pdfView?pid=${report.id}&page=3`);
        await page.locator('.jq-pdf-frame[data-scale]').waitFor({ timeout: 45_000 });
        const sizes = await page.evaluate(() => {
          const canvas = document.querySelector('.jq-pdf-page canvas')!.getBoundingClientRect();
          // The body text: the most common glyph height among the text layer's runs.
          const heights = [...document.querySelectorAll<HTMLElement>('.jq-pdf-page .textLayer span')]
            .filter((span) => (span.textContent ?? '').trim().length > 8)
            .map((span) => Math.round(span.getBoundingClientRect().height * 2) / 2);
          const counts = new Map<number, number>();
          for (const height of heights) counts.set(height, (counts.get(height) ?? 0) + 1);
          const body = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
          return { canvas: canvas.width, body, scrollWidth: document.documentElement.scrollWidth };
        });
        const width = isPhone ? 390 : 1440;
        expect(sizes.scrollWidth).toBeLessThanOrEqual(width);
        if (isPhone) {
          // Across the phone (less a thin edge), body text about 8 px (5 px when the whole page was fitted).
          expect(sizes.canvas).toBeGreaterThan(width * 0.9);
          expect(sizes.body).toBeGreaterThanOrEqual(7.5);
        } else {
          expect(sizes.body).toBeGreaterThanOrEqual(14);
        }
        await saveScreenshot(page, `issue14-pdf-fit-${name}`);
      });

      it('the logo stays on one line when signed out, also beside a back button', async () => {
        const page = await browser.newPage(options);
        await page.goto('/home');
        await page.getByTestId('home-page').waitFor();
        // Every brand name shown is one line high, and the header stays one row.
        const oneLine = async () => {
          const names = await page.locator('.jq-brand-name').evaluateAll((elements) =>
            elements.map((element) => {
              const style = getComputedStyle(element);
              return element.getBoundingClientRect().height <= Number.parseFloat(style.fontSize) * 1.8;
            }),
          );
          const header = (await page.locator('.jq-header').boundingBox())!;
          return names.every(Boolean) && header.height <= 64;
        };
        expect(await oneLine()).toBe(true);
        await goInApp(page, '/plist');
        await page.getByTestId('go-back').waitFor();
        expect(await oneLine()).toBe(true);
        await saveScreenshot(page, `issue14-logo-signed-out-${name}`);
      });

      it('no page shows two menu buttons or two back controls', async () => {
        const page = await browser.newPage(options);
        await signInByApi(page, nextPhone());
        const report = await demoReport(page);
        await page.goto('/home');
        await page.getByTestId('home-page').waitFor();
        const routes = [
          '/homechat?q=%E5%82%A8%E8%83%BD%E5%B8%82%E5%9C%BA%E8%A7%84%E6%A8%A1',
          '/jq/chat',
          '/jq/mixchat',
          '/jq/project',
          '/jq/report',
          `/pdfView?pid=${report.id}`,
          '/jq/match',
          '/jq/aiproject',
          '/teaser',
          '/teaserInfo',
          '/teaserResult',
          '/knowledge',
          '/chain',
          '/jq/social',
          '/jq/power',
          '/vip',
        ];
        const found: Record<string, { menus: number; backs: string[] }> = {};
        for (const route of routes) {
          await goInApp(page, route);
          await page.waitForTimeout(800);
          found[route] = await visibleControls(page);
        }
        for (const [route, controls] of Object.entries(found)) {
          expect({ route, menus: Math.min(controls.menus, 2) }).toEqual({ route, menus: isPhone ? 1 : 0 });
          expect({ route, backs: controls.backs.length <= 1 }).toEqual({ route, backs: true });
        }
        await saveScreenshot(page, `issue14-controls-${name}`);
      });

      it('the home page does not jump when its suggestions arrive', async () => {
        const page = await browser.newPage(options);
        // Hold the suggestions back, to see the page before and after they arrive.
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route(/\/api\/aisearch\/(quickQuestions|aiRecommendSearch)$/, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto('/home');
        const grid = page.locator('.jq-home-grid');
        await grid.waitFor();
        const before = (await grid.boundingBox())!.y;
        release();
        await page.getByTestId('quick-questions').waitFor();
        await page.getByTestId('recommended-searches').waitFor();
        const after = (await grid.boundingBox())!.y;
        expect(Math.abs(after - before)).toBeLessThanOrEqual(isPhone ? 2 : 120);
        if (isPhone) {
          // On a phone each list is one row that scrolls sideways.
          const row = page.getByTestId('recommended-searches');
          expect((await row.boundingBox())!.height).toBeLessThan(48);
          expect(await row.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
        }
        await saveScreenshot(page, `issue14-home-${name}`);
      });

      it(`the Enter/Shift+Enter hint is ${isPhone ? 'left out on a touch screen' : 'shown with a mouse'}`, async () => {
        const page = await browser.newPage(options);
        await signInByApi(page, nextPhone());
        await page.goto('/jq/chat');
        const input = page.locator('.jq-chat-main textarea').first();
        await input.waitFor();
        const placeholder = (await input.getAttribute('placeholder')) ?? '';
        expect(placeholder.length).toBeGreaterThan(0);
        expect(placeholder.includes('Shift')).toBe(!isPhone);
        expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(isPhone);
      });
    });
  },
);
