import type { AiInteraction, ProjectCard } from '@jq/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServerErrorState } from '../../shared/api/client';
import { FeedbackProvider } from '../../shared/feedback/feedback';
import HomechatPage from './homechat-page';

const envelope = (data: unknown, status = 200, code = 1000, msg = '成功') =>
  new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const project: ProjectCard = {
  id: 11,
  name: '深圳驰电汽车科技有限公司',
  brandName: '驰电',
  industryId: 'nev',
  industryName: '新能源汽车',
  industries: ['nev'],
  industryNames: ['新能源汽车'],
  tags: [],
  stage: 3,
  stageLabel: 'A轮',
  amountSought: 5000,
  provinceCode: '440000',
  cityCode: '440300',
  regionName: '深圳',
  foundedYear: 2021,
  latestRoundAt: null,
  latestRoundStage: null,
  totalRaised: null,
  logo: '',
  summary: '电驱动系统',
  isDemo: true,
};
const hits = { projects: [project], institutions: [], investors: [], reports: [] };
const SUMMARY = '共找到 1 个新能源汽车 A轮项目。';
const stored: AiInteraction = {
  id: 42,
  searchId: 's-1',
  kind: 'search',
  question: '新能源汽车 A轮',
  answer: SUMMARY,
  hits,
  quotes: [],
  status: 'done',
  createdAt: '2026-11-22T00:00:00Z',
};

const sse = (events: object[]) =>
  new TextEncoder().encode(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''));
const EVENTS = [
  {
    type: 'status',
    status: 'start',
    chatuuid: '',
    searchId: 's-1',
    messageId: 42,
    engine: 'local',
    isend: false,
  },
  { type: 'card', cards: [], hits, isend: false },
  { type: 'delta', content: '共找到 1 个', isend: false },
  { type: 'delta', content: '新能源汽车 A轮项目。', isend: false },
  { type: 'status', status: 'done', messageId: 42, suggestions: [], isend: true },
];

let calls: { path: string; body: Record<string, unknown> }[] = [];
/** What the search endpoints answer; `isOpenEnded` keeps the stream open until the request is aborted. */
let streamAnswer: { events: object[]; isOpenEnded?: boolean } | Response = { events: EVENTS };

beforeEach(() => {
  calls = [];
  streamAnswer = { events: EVENTS };
  resetServerErrorState();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      calls.push({ path, body });
      if (path === '/api/aisearch/aiSearch' || path === '/api/aisearch/aiFusionSearch') {
        if (streamAnswer instanceof Response) return streamAnswer;
        const { events, isOpenEnded } = streamAnswer;
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(sse(events));
            if (!isOpenEnded) controller.close();
            init?.signal?.addEventListener('abort', () =>
              controller.error(new DOMException('Aborted', 'AbortError')),
            );
          },
        });
        return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
      }
      if (path === '/api/aisearch/singleInteractResult') return envelope(stored);
      if (path === '/api/aisearch/aiSearchResult') {
        return envelope({ searchId: 's-1', title: '新能源汽车 A轮', interactions: [stored] });
      }
      return envelope(null, 404, -404, '接口不存在');
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/homechat',
        element: (
          <>
            <HomechatPage />
            <Address />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <RouterProvider router={router} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
}

const searches = () => calls.filter((call) => call.path.includes('Search') && !call.path.includes('Result'));

describe('AI search view', () => {
  it('searches the question in the address, shows the summary and the project cards, then holds the searchId', async () => {
    renderAt(`/homechat?mode=search&q=${encodeURIComponent('新能源汽车 A轮')}`);
    await screen.findByText(SUMMARY);
    const group = await screen.findByTestId('search-group-project');
    expect(group.textContent).toContain('项目');
    const card = screen.getByTestId('search-card');
    expect(card.textContent).toContain('驰电');
    expect(card.getAttribute('href')).toBe('/plist?pid=11');
    expect(searches()).toEqual([{ path: '/api/aisearch/aiSearch', body: { question: '新能源汽车 A轮' } }]);
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?searchId=s-1'));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/singleInteractResult'))).toBe(true));
    expect(screen.getByTestId('search-turn').getAttribute('data-status')).toBe('done');
  });

  it('uses fusion search when the address asks for it, and keeps the toggle after the searchId arrives', async () => {
    renderAt(`/homechat?mode=search&q=${encodeURIComponent('储能')}&fusion=1`);
    await screen.findByText(SUMMARY);
    expect(searches()[0]?.path).toBe('/api/aisearch/aiFusionSearch');
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?searchId=s-1&fusion=1'));
    expect(screen.getByTestId('search-fusion').getAttribute('aria-checked')).toBe('true');
  });

  it('shows a stored search from its searchId without searching again', async () => {
    renderAt('/homechat?searchId=s-1');
    await screen.findByText(SUMMARY);
    expect(screen.getByTestId('search-card').textContent).toContain('驰电');
    expect(searches()).toEqual([]);
    expect(calls.map((c) => c.path)).toContain('/api/aisearch/aiSearchResult');
  });

  it('shows a refused search (too many questions) as the question’s error', async () => {
    streamAnswer = envelope(null, 429, -429, '操作过于频繁，请稍后再试');
    renderAt(`/homechat?mode=search&q=${encodeURIComponent('储能')}`);
    await screen.findByText('操作过于频繁，请稍后再试');
    expect(screen.getByTestId('search-turn').getAttribute('data-status')).toBe('error');
    expect(screen.getByTestId('address').textContent).toContain('q=');
  });

  it('stops a search with the stop button; what was written stays, marked stopped', async () => {
    streamAnswer = { events: EVENTS.slice(0, 3), isOpenEnded: true };
    renderAt(`/homechat?mode=search&q=${encodeURIComponent('储能')}`);
    await screen.findByText('共找到 1 个');
    fireEvent.click(await screen.findByTestId('search-stop'));
    await waitFor(() =>
      expect(screen.getByTestId('search-turn').getAttribute('data-status')).toBe('stopped'),
    );
    expect(screen.getByTestId('answer-stopped')).toBeTruthy();
    expect(screen.getByTestId('search-card').textContent).toContain('驰电');
  });
});
