/**
 * BP diagnosis in a real browser against the real server (a small demo library for peers), on
 * a 1440 × 900 desktop and a 390 × 844 phone: upload a generated plan (PDF on desktop, PPTX
 * on the phone) with the upload and parse progress, read the section-by-section report with
 * its radar chart, open a cited page in the deck, unlock the advice with credits (charged
 * once), and open the shared link signed out. Also /aianalyse on a library project.
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isFeatureEnabled } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { planCandidates, renderPlan } from '../apps/server/src/modules/analysis/index.js';
import { addCredits } from '../apps/server/src/modules/billing/ledger.js';
import { loadDemoData } from '../apps/server/src/modules/demo/index.js';
import { selectRows } from '../apps/server/src/platform/database/index.js';
import { hasChromium, saveScreenshot, useBrowser, useServer } from './helpers';
import { signInByApi } from './session';

const VIEWPORTS = {
  desktop: { viewport: { width: 1440, height: 900 }, isPhone: false, phone: '13900000181', format: 'pdf' },
  phone: { viewport: { width: 390, height: 844 }, isPhone: true, phone: '13900000182', format: 'pptx' },
} as const;

describe.skipIf(!hasChromium || !isFeatureEnabled('analysis'))('BP diagnosis in the browser', () => {
  const server = useServer();
  const browser = useBrowser(server);
  let loaded = false;
  const ensureDemo = async () => {
    if (loaded) return;
    await loadDemoData(server.platform, {
      seed: 19,
      scale: { institutions: 40, investors: 200, projects: 1500, reports: 2, news: 2 },
    });
    loaded = true;
  };

  for (const name of ['desktop', 'phone'] as const) {
    it(`uploads a plan, reads the report, opens a cited page, unlocks the advice (${name})`, async () => {
      await ensureDemo();
      const setup = VIEWPORTS[name];
      const db = server.platform.database.db;
      const [spec] = await planCandidates(db, 1);
      const file = path.join(tmpdir(), `bp-e2e-${name}.${setup.format}`);
      await writeFile(file, await renderPlan({ ...spec!, defects: ['market_no_source'] }, setup.format));

      const page = await browser.newPage({ viewport: setup.viewport, isPhone: setup.isPhone });
      const user = await signInByApi(page, setup.phone);
      await page.goto('/jq/diagnosis');
      await page.getByTestId('bp-upload').waitFor();
      await page.locator('input[type=file]').setInputFiles(file);
      await page.getByTestId('run-progress').waitFor({ timeout: 10_000 });
      // The stored report replaces the live one when the run ends.
      await page.getByTestId('report-title').waitFor({ timeout: 60_000 });
      await page.getByTestId('radar-chart').waitFor({ timeout: 20_000 });
      await expect(page.getByTestId('dimension-team').textContent()).resolves.toContain('团队');
      await expect(page.getByTestId('flag').first().getAttribute('data-code')).resolves.toBe(
        'market_no_source',
      );
      await expect(page.getByTestId('memo').textContent()).resolves.toContain('市场规模');
      await saveScreenshot(page, `analysis-report-${name}`);

      // A citation opens the deck at its page.
      const cite = page.getByTestId('dimension-ask').getByTestId('page-cite').first();
      const cited = Number(await cite.getAttribute('data-page'));
      await cite.click();
      await page.getByTestId('deck-viewer').waitFor();
      if (setup.format === 'pdf') {
        const viewer = page.getByTestId('pdf-viewer');
        await viewer.waitFor({ timeout: 20_000 });
        await expect.poll(() => viewer.getAttribute('data-page'), { timeout: 20_000 }).toBe(String(cited));
        await page.locator('.jq-pdf canvas').first().waitFor({ timeout: 20_000 });
        await page.waitForTimeout(800);
      } else {
        await expect(page.getByTestId('deck-page').textContent()).resolves.toContain('融资');
      }
      await saveScreenshot(page, `analysis-deck-${name}`);
      await page.keyboard.press('Escape');

      // The advice is locked; credits unlock it once.
      await expect(page.getByTestId('advice').count()).resolves.toBe(0);
      const [row] = await selectRows<{ id: number }>(
        db,
        sql`select id::int as id from users where uguid = ${user.uguid}`,
      );
      await db.transaction((tx) =>
        addCredits(tx as never, {
          userId: row!.id,
          credits: 500,
          kind: 'grant',
          reference: `e2e:${name}`,
          description: '测试',
        }),
      );
      await page.getByTestId('unlock-advice').click();
      await page.getByTestId('advice').first().waitFor({ timeout: 10_000 });
      await saveScreenshot(page, `analysis-unlocked-${name}`);
      const [spent] = await selectRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ledger_entries where user_id = ${row!.id} and reference like 'unlock:opt:%'`,
      );
      expect(spent!.n).toBe(1);
    }, 180_000);
  }

  it('writes the investor view of a library project and shares it (desktop)', async () => {
    await ensureDemo();
    const db = server.platform.database.db;
    const [project] = await selectRows<{ id: number }>(
      db,
      sql`select id::int as id from projects where stage in (3, 4) order by id limit 1`,
    );
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInByApi(page, '13900000183');
    await page.goto(`/jq/aianalyse?pid=${project!.id}`);
    await page.getByTestId('analyse').click();
    await page.getByTestId('report-title').waitFor({ timeout: 60_000 });
    await page.getByTestId('investor-view').waitFor();
    await saveScreenshot(page, 'analysis-investor-desktop');
    await page.getByTestId('share').click();
    // The share call is still on its way when the click returns: wait for its row.
    const sharedToken = async () =>
      (
        await selectRows<{ token: string }>(
          db,
          sql`select share_token as token from analyses where share_token is not null order by id desc limit 1`,
        )
      )[0]?.token;
    await expect.poll(sharedToken, { timeout: 10_000 }).toBeTruthy();
    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    await visitor.goto(`/jq/detailShare?token=${await sharedToken()}`);
    await visitor.getByTestId('detail-share').waitFor({ timeout: 20_000 });
    await visitor.getByTestId('investor-view').waitFor();
    await expect(visitor.getByTestId('advice').count()).resolves.toBe(0);
    await saveScreenshot(visitor, 'analysis-share-phone');
  }, 180_000);
});
