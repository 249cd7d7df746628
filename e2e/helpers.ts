/**
 * Shared setup of the browser tests: the real server started in-process on a free port
 * with a fresh data folder, Debian's Chromium (never a downloaded browser), a page per test
 * with the viewport it needs, and a screenshot in test-results/ when a test fails.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadConfig } from '../apps/server/src/config.js';
import type { Platform } from '../apps/server/src/platform/index.js';
import { type RunningServer, startServer } from '../apps/server/src/server.js';
import { copyTemplatePglite } from '../apps/server/test/helpers/app.js';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');
const RESULTS_DIR = path.join(REPO_ROOT, 'test-results');
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contract/src',
];

export const VIEWPORTS = {
  desktop: { width: 1366, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

function newestChange(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stat.mtimeMs,
  );
}

/** Builds the web app when there is no build, or when its sources changed since. */
function ensureWebBuild(): void {
  const builtAt = existsSync(WEB_INDEX) ? statSync(WEB_INDEX).mtimeMs : 0;
  const changedAt = Math.max(...WEB_SOURCES.map((source) => newestChange(path.join(REPO_ROOT, source))));
  if (builtAt > changedAt) return;
  // The test runner sets NODE_ENV=test, which would make Vite bundle React's development build.
  execFileSync('npm', ['run', 'build', '-w', '@jq/web'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

/**
 * The real server on a free port with a fresh data folder, its PGlite unpacked from the
 * migrated dump the global setup made (apps/server/test/global-setup.ts): about 6 s less per
 * file than initdb and the migrations. `env` adds to the test configuration.
 */
export async function startTestServer(
  env: Record<string, string> = {},
): Promise<{ server: RunningServer; dataDir: string }> {
  ensureWebBuild();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'jq-e2e-'));
  await copyTemplatePglite(path.join(dataDir, 'pglite'));
  const server = await startServer(
    loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    }),
  );
  return { server, dataDir };
}

/**
 * The server for a test file: started before its tests, stopped and its data removed after.
 * `platform` reaches its database for what no web page does (an administrator's ban).
 */
export function useServer(): { readonly url: string; readonly platform: Platform } {
  let server: RunningServer | undefined;
  let dataDir = '';
  beforeAll(async () => {
    ({ server, dataDir } = await startTestServer());
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get url() {
      if (!server) throw new Error('server not started');
      return server.url;
    },
    get platform() {
      if (!server) throw new Error('server not started');
      return server.platform;
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  isPhone?: boolean;
}

/** What a page did lately: its last API calls and script errors, for a failed test's report. */
interface PageTrail {
  page: Page;
  calls: string[];
  errors: string[];
}

const TRAIL_LENGTH = 12;

function keepLast(list: string[], entry: string): void {
  list.push(entry);
  if (list.length > TRAIL_LENGTH) list.shift();
}

function followPage(page: Page): PageTrail {
  const trail: PageTrail = { page, calls: [], errors: [] };
  page.on('requestfinished', async (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const response = await request.response().catch(() => null);
    const ms = Math.round(request.timing().responseEnd);
    keepLast(trail.calls, `${request.method()} ${url.pathname} ${response?.status() ?? '?'} ${ms}ms`);
  });
  page.on('requestfailed', (request) =>
    keepLast(
      trail.calls,
      `${request.method()} ${new URL(request.url()).pathname} failed: ${request.failure()?.errorText}`,
    ),
  );
  page.on('pageerror', (error) => keepLast(trail.errors, error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') keepLast(trail.errors, message.text());
  });
  return trail;
}

/** A page's address, the notices it shows, and its trail, in a few lines. */
async function describePage(trail: PageTrail, index: number): Promise<string> {
  const notices = await trail.page
    .locator('.ant-message-notice, .ant-notification-notice, .ant-form-item-explain-error, .ant-alert')
    .allInnerTexts()
    .catch(() => []);
  return [
    `page ${index}: ${trail.page.url()}`,
    `  shows: ${notices.map((text) => text.replace(/\s+/g, ' ')).join(' | ') || '(no notice)'}`,
    `  api: ${trail.calls.join('; ') || '(none)'}`,
    ...(trail.errors.length > 0 ? [`  errors: ${trail.errors.join('; ')}`] : []),
  ].join('\n');
}

/**
 * One browser for the file, a fresh context (clean storage) per page. After a failed test
 * every page it opened is photographed before it closes, and the test's error gains each
 * page's address, notices and last API calls: CI keeps the report, not the pictures.
 */
export function useBrowser(server: { readonly url: string }) {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let trails: PageTrail[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      mkdirSync(RESULTS_DIR, { recursive: true });
      const base = context.task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
      const pages = contexts.flatMap((open) => open.pages());
      await Promise.all(
        pages.map((page, index) =>
          page
            .screenshot({ path: path.join(RESULTS_DIR, `${base}-${index}.png`), fullPage: true })
            .catch(() => {}),
        ),
      );
      const error = context.task.result.errors?.[0];
      if (error) {
        const pages = await Promise.all(trails.map(describePage));
        error.message = `${error.message}\n${pages.join('\n')}`;
      }
    }
    await Promise.all(contexts.map((open) => open.close()));
    contexts = [];
    trails = [];
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    async newPage(options: PageOptions = {}): Promise<Page> {
      if (!browser) throw new Error('browser not launched');
      const isPhone = options.isPhone ?? false;
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: options.viewport ?? (isPhone ? VIEWPORTS.phone : VIEWPORTS.desktop),
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        isMobile: isPhone,
        hasTouch: isPhone,
        deviceScaleFactor: isPhone ? 2 : 1,
      });
      contexts.push(context);
      const page = await context.newPage();
      trails.push(followPage(page));
      return page;
    },
  };
}

/** Saves a named screenshot for people to look at (kept in test-results/). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`) });
}
