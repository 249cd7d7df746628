/**
 * The AI assistant in a real browser against the real server: ask on /home and watch the
 * answer arrive piece by piece on /homechat, open its citation in the PDF viewer at the
 * quoted page with the passage highlighted (on a 390 px phone), stop a generation with the
 * stop button and with Esc (the server stops asking the model too), the locked state
 * once a visitor's free turns are used up, an AI search run from /home (streamed summary,
 * project cards, the stored result after a reload) and a BP draft made from a conversation.
 *
 * The model is the scripted OpenAI-compatible server of the server's tests on 127.0.0.1, so
 * the pace of the answer is known: the answer arrives in pieces a few hundred ms apart and a
 * "hang" step never ends until the client goes away. Retrieval and citations are the
 * server's own, over a small generated demo library (seed 1 has an energy-storage report).
 * Skipped until the assistant feature is on.
 */
import { rm } from 'node:fs/promises';
import { CLIENT_ID_HEADER, isFeatureEnabled, messages } from '@jq/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../apps/server/src/modules/demo/index.js';
import type { RunningServer } from '../apps/server/src/server.js';
import {
  type ChatStep,
  type FakeOpenAiServer,
  startFakeOpenAi,
} from '../apps/server/test/fakes/openai-server.js';
import { hasChromium, saveScreenshot, startTestServer, useBrowser } from './helpers';
import { signInByApi } from './session';

const QUESTION = '储能行业的市场规模有多大';
const DEMO = {
  seed: 1,
  scale: { institutions: 20, investors: 120, projects: 300, reports: 10, news: 5 },
  now: new Date('2026-11-22T00:00:00Z'),
};
/** The scripted model's answer; `[1]` is the first retrieved source, a report page. */
const PIECES = ['根据平台研报，', '储能行业的市场', '规模保持快速增长', '[1]，', '新型储能是主要增量。'];

const answer = (page: Page) => page.getByTestId('answer').last();
const senderInput = (page: Page) => page.locator('.jq-chat-sender textarea');

/** Records every distinct text the answer shows, from before the question is asked. */
async function recordAnswerTexts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { __answerTexts: seen });
    new MutationObserver(() => {
      const nodes = document.querySelectorAll('[data-testid="answer"] .jq-md');
      const text = nodes[nodes.length - 1]?.textContent ?? '';
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

async function askOnHome(page: Page, question: string): Promise<void> {
  await page.goto('/home');
  const input = page.getByTestId('home-page').locator('textarea');
  await input.fill(question);
  await input.press('Enter');
  await page.waitForURL((url) => url.pathname === '/homechat');
}

describe.skipIf(!hasChromium || !isFeatureEnabled('assistant'))('assistant', () => {
  let server: RunningServer | undefined;
  let fake: FakeOpenAiServer | undefined;
  let dataDir = '';
  const handle = {
    get url() {
      if (!server) throw new Error('server not started');
      return server.url;
    },
  };
  const model = () => {
    if (!fake) throw new Error('fake model not started');
    return fake;
  };

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'e2e-key' });
    ({ server, dataDir } = await startTestServer({
      LLM_BASE_URL: fake.url,
      LLM_API_KEY: fake.apiKey,
      LLM_MODEL: 'e2e-model',
      LLM_MAX_RETRIES: '0',
    }));
    const loaded = await loadDemoData(server.platform, DEMO);
    if (!loaded.loaded) throw new Error(`demo data not loaded: ${loaded.reason}`);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await fake?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const browser = useBrowser(handle);

  it('answers a question asked on /home, streaming it in piece by piece, with its citation', async () => {
    model().script({ kind: 'stream', chunks: PIECES, delayMs: 300 });
    const page = await browser.newPage();
    await page.goto('/home');
    await page.getByTestId('home-page').locator('textarea').waitFor();
    await recordAnswerTexts(page);
    const input = page.getByTestId('home-page').locator('textarea');
    await input.fill(QUESTION);
    await input.press('Enter');

    await page.waitForURL((url) => url.pathname === '/homechat');
    await page.getByTestId('question').getByText(QUESTION).waitFor();
    // While it streams, the stop button stands where the send button was.
    await page.getByTestId('chat-stop').waitFor();
    await answer(page).and(page.locator('[data-status="done"]')).waitFor();

    const final = PIECES.join('').replace('[1]', '1');
    await expect(answer(page).locator('.jq-md').textContent()).resolves.toBe(final);
    const texts =
      (await page.evaluate(() => (window as unknown as { __answerTexts: string[] }).__answerTexts)) ?? [];
    // Seen growing: several partial answers, each the start of the next, before the whole.
    expect(texts.length).toBeGreaterThanOrEqual(3);
    expect(texts.at(-1)).toBe(final);
    // `[1]` shows as a bare 1 once its quote arrives; brackets aside, each text starts the next.
    const bare = (text: string) => text.replace(/[[\]]/g, '');
    for (const [i, text] of texts.entries()) {
      if (i > 0) expect(bare(text).startsWith(bare(texts[i - 1]!))).toBe(true);
    }
    expect(texts[0]!.length).toBeLessThan(final.length);

    // The address now names the conversation: a reload shows it instead of asking again.
    await page.waitForURL((url) => url.searchParams.has('chatuuid') && !url.searchParams.has('q'));
    await page.getByTestId('quote-card').first().waitFor();
    await expect(answer(page).getByTestId('citation').count()).resolves.toBe(1);
    await saveScreenshot(page, 'assistant-homechat-desktop');

    await page.reload();
    await answer(page).and(page.locator('[data-status="done"]')).waitFor();
    await expect(answer(page).locator('.jq-md').textContent()).resolves.toBe(final);
    await page.getByTestId('quote-card').first().waitFor();
    expect(model().chatRequests()).toHaveLength(1);
  });

  it('opens a citation in the PDF viewer at the quoted page with the passage highlighted, on a phone', async () => {
    model().script({ kind: 'stream', chunks: PIECES });
    const page = await browser.newPage({ isPhone: true });
    await askOnHome(page, QUESTION);
    await answer(page).and(page.locator('[data-status="done"]')).waitFor();
    const card = page.getByTestId('quote-card').first();
    const href = (await card.getAttribute('href')) ?? '';
    const target = new URL(href, handle.url);
    expect(target.pathname).toBe('/pdfView');
    const quoted = { pid: target.searchParams.get('pid'), page: target.searchParams.get('page') };
    const passage = target.searchParams.get('q') ?? '';
    expect(passage.length).toBeGreaterThan(6);
    await saveScreenshot(page, 'assistant-homechat-phone');

    await card.click();
    await page.waitForURL((url) => url.pathname === '/pdfView');
    const viewer = page.getByTestId('pdf-viewer');
    await viewer.and(page.locator('[data-hit="found"]')).waitFor({ timeout: 45_000 });
    await expect(viewer.getAttribute('data-page')).resolves.toBe(quoted.page);
    expect(new URL(page.url()).searchParams.get('pid')).toBe(quoted.pid);
    const highlighted = (await page.locator('.jq-pdf-hit').allTextContents()).join('').replace(/\s+/g, '');
    expect(highlighted).toContain(passage.replace(/\s+/g, '').slice(0, 6));
    // The page fits the phone: no sideways scrolling.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'assistant-pdf-view-phone');
  });

  it('stops a generation with the stop button and with Esc; the server stops asking the model', async () => {
    model().script({ kind: 'hang', intervalMs: 150 }, { kind: 'hang', intervalMs: 150 });
    const page = await browser.newPage();
    await page.goto(`/homechat?q=${encodeURIComponent(QUESTION)}`);
    await answer(page).locator('.jq-md').waitFor();
    await page.getByTestId('chat-stop').click();
    await answer(page).and(page.locator('[data-status="stopped"]')).waitFor();
    await answer(page).getByTestId('answer-stopped').waitFor();
    const [first] = model().chatRequests();
    await model().waitForClose(first!, 10_000);
    expect(first!.isClosedEarly).toBe(true);
    const stoppedText = await answer(page).locator('.jq-md').textContent();
    expect(stoppedText?.length).toBeGreaterThan(0);

    // The server kept what was written, marked stopped.
    await page.waitForURL((url) => url.searchParams.has('chatuuid'));
    const chatuuid = new URL(page.url()).searchParams.get('chatuuid') ?? '';
    const clientId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('jq_user') ?? '{}').state?.clientid,
    );
    const detail = (await (
      await page.request.get(`/api/chat/chatconversation?chatuuid=${chatuuid}`, {
        headers: { [CLIENT_ID_HEADER]: clientId },
      })
    ).json()) as { data: { messages: { role: string; status: string; content: string }[] } };
    const stored = detail.data.messages.at(-1);
    expect(stored?.status).toBe('stopped');
    expect(stored?.content.length).toBeGreaterThan(0);

    // Esc stops the next one.
    await senderInput(page).fill('再说说储能的增长');
    await senderInput(page).press('Enter');
    await page.getByTestId('answer').nth(1).locator('.jq-md').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('answer').nth(1).and(page.locator('[data-status="stopped"]')).waitFor();
    const second = model().chatRequests()[1];
    await model().waitForClose(second!, 10_000);
    expect(second!.isClosedEarly).toBe(true);
    await saveScreenshot(page, 'assistant-stopped');
  });

  it("locks a visitor's chat once the free turns are used, with the spec's sign-in button", async () => {
    const step: ChatStep = { kind: 'stream', chunks: ['好的。'] };
    model().script(step, step, step);
    const page = await browser.newPage();
    await page.goto(`/homechat?q=${encodeURIComponent('第一个问题')}`);
    await answer(page).and(page.locator('[data-status="done"]')).waitFor();
    for (const question of ['第二个问题', '第三个问题']) {
      await senderInput(page).fill(question);
      await senderInput(page).press('Enter');
      await page.getByTestId('question').getByText(question).waitFor();
      await answer(page).and(page.locator('[data-status="done"]')).waitFor();
    }
    const locked = page.getByTestId('locked-content-button');
    await locked.waitFor();
    await expect(locked.textContent()).resolves.toContain(messages.loginToSeeMore);
    // Typing hides it; an empty box shows it again.
    await senderInput(page).fill('第四个问题');
    await locked.waitFor({ state: 'hidden' });
    await senderInput(page).fill('');
    await locked.click();
    await page.locator('.jq-login-modal').waitFor();
    await saveScreenshot(page, 'assistant-locked');
    expect(model().chatRequests()).toHaveLength(3);
  });

  it('runs an AI search from /home: the summary streams in, project cards show, a reload shows the stored result', async () => {
    const pieces = ['为你找到', '新能源汽车领域', '的 A 轮项目，', '详见右侧卡片。'];
    model().script({ kind: 'stream', chunks: pieces, delayMs: 300 });
    const page = await browser.newPage();
    await page.goto('/home');
    await page.getByTestId('home-mode').getByText('AI 搜索').click();
    const input = page.getByTestId('home-page').locator('textarea');
    await input.fill('新能源汽车 A轮');
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/homechat' && url.searchParams.get('mode') === 'search');

    // Seen while it streams: the first piece, the turn still writing, the stop button shown.
    const turn = page.getByTestId('search-turn');
    await turn
      .and(page.locator('[data-status="streaming"]'))
      .getByTestId('search-summary')
      .getByText(pieces[0]!, { exact: false })
      .waitFor();
    await page.getByTestId('search-stop').waitFor();
    const cards = page.getByTestId('search-group-project').getByTestId('search-card');
    await cards.first().waitFor();
    await turn.and(page.locator('[data-status="done"]')).waitFor();
    const summary = turn.getByTestId('search-summary').locator('.jq-md');
    await expect(summary.textContent()).resolves.toBe(pieces.join(''));
    const names = await cards.allTextContents();
    expect(names.length).toBeGreaterThan(0);
    // A visitor's project links go to the public list.
    expect(await cards.first().getAttribute('href')).toMatch(/^\/plist\?pid=\d+$/);

    await page.waitForURL((url) => url.searchParams.has('searchId') && !url.searchParams.has('q'));
    await saveScreenshot(page, 'assistant-ai-search');
    await page.reload();
    await turn.and(page.locator('[data-status="done"]')).waitFor();
    await expect(summary.textContent()).resolves.toBe(pieces.join(''));
    await expect(cards.allTextContents()).resolves.toEqual(names);
    expect(model().chatRequests()).toHaveLength(1);
    // At phone width the summary and the cards stack, with no sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 390);
    await saveScreenshot(page, 'assistant-ai-search-phone');
  });

  it('writes a BP draft from a conversation in a drawer, streamed, ready to download', async () => {
    const draft = ['# 驰电 商业计划书（草稿）\n\n', '## 一、项目概述\n\n', '面向城市物流的电驱动系统。'];
    model().script(
      { kind: 'stream', chunks: ['储能行业保持快速增长。'] },
      { kind: 'stream', chunks: draft, delayMs: 200 },
    );
    const page = await browser.newPage({ isPhone: true });
    await signInByApi(page, '13700000601');
    await page.goto(`/jq/chat?q=${encodeURIComponent(QUESTION)}`);
    await answer(page).and(page.locator('[data-status="done"]')).waitFor();
    await page.getByTestId('conversation-menu').click();
    await page.getByTestId('action-export-bp').click();
    const body = page.getByTestId('doc-body');
    await page.getByTestId('doc-stop').waitFor();
    await body.getByText('一、项目概述').waitFor();
    await page.getByTestId('doc-regenerate').waitFor();
    await expect(body.locator('h1').textContent()).resolves.toBe('驰电 商业计划书（草稿）');
    await expect(page.getByTestId('doc-download').isEnabled()).resolves.toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'assistant-bp-draft-phone');
    expect(model().chatRequests()).toHaveLength(2);
  });
});
