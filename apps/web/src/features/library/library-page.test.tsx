import type { ProjectCard } from '@jq/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServerErrorState } from '../../shared/api/client';
import { FeedbackProvider } from '../../shared/feedback/feedback';
import { setWindowWidth } from '../../test/viewport';
import { LibraryPage } from './library-page';
import { prefetchList } from './prefetch';

const envelope = (data: unknown, status = 200, code = 1000, msg = '成功') =>
  new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function project(id: number, fields: Partial<ProjectCard> = {}): ProjectCard {
  return {
    id,
    name: `上海测试${id}新能源科技有限公司`,
    brandName: `测试${id}`,
    industryId: 'nev',
    industryName: '新能源汽车',
    industries: ['nev', 'nev.battery'],
    industryNames: ['动力电池'],
    tags: [],
    stage: 3,
    stageLabel: 'A轮',
    amountSought: 5000,
    provinceCode: '310000',
    cityCode: '310100',
    regionName: '上海',
    foundedYear: 2022,
    latestRoundAt: '2026-11-01',
    latestRoundStage: 2,
    totalRaised: 1200,
    logo: '',
    summary: '一家动力电池公司',
    isDemo: true,
    ...fields,
  };
}

const page = (list: ProjectCard[], total = list.length) => ({
  list,
  total,
  page: 1,
  pageSize: 20,
  understood: { keyword: '', stages: [], industries: [], regions: [] },
});

let searches: Record<string, unknown>[] = [];
let answer: (body: Record<string, unknown>) => Response = () => envelope(page([]));

beforeEach(() => {
  searches = [];
  resetServerErrorState();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      // The taxonomy samples (100 a page) are not the list's searches.
      if (String(input).includes('ProjectFuzzySearch') && body.pageSize !== 100) {
        searches.push(body);
        return answer(body);
      }
      return envelope(page([]));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setWindowWidth(1024);
});

function renderPage(
  url = '/jq/project',
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const router = createMemoryRouter(
    [{ path: '/jq/project', element: <LibraryPage kind="project" routeName="project" /> }],
    {
      initialEntries: [url],
    },
  );
  render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <RouterProvider router={router} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('LibraryPage', () => {
  it.each([
    ['desktop', 1440],
    ['phone', 390],
  ])(
    'shows the first screen the app asked for before its code arrived, without asking again (%s)',
    async (_screen, width) => {
      setWindowWidth(width);
      answer = () => envelope(page([project(1)], 1));
      // Fresh for 30 s, as the app's client keeps them (app/providers.tsx).
      const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
      await prefetchList('project', {
        queryClient: client,
        url: new URL('http://localhost/jq/project?q=储能'),
      });
      expect(searches).toMatchObject([{ keyword: '储能', page: 1 }]);
      renderPage('/jq/project?q=储能', client);
      await screen.findByText('共 1 个项目');
      expect(screen.getAllByTestId('project-item')).toHaveLength(1);
      expect(searches).toHaveLength(1);
    },
  );

  it('shows the count, the rows with their demo mark, and the highlighted match as text', async () => {
    answer = () =>
      envelope(
        page(
          [
            project(1, {
              name: '<img src=x onerror=alert(1)>新能源公司',
              highlight: { name: { text: '<img src=x onerror=alert(1)>新能源公司', ranges: [[28, 31]] } },
            }),
            project(2),
          ],
          1234,
        ),
      );
    renderPage('/jq/project?q=新能源');
    await screen.findByText('共 1,234 个项目');
    expect(screen.getAllByTestId('project-item')).toHaveLength(2);
    // One 演示数据 notice for the list, not a tag on every card.
    expect(screen.getAllByTestId('demo-notice')).toHaveLength(1);
    expect(screen.queryAllByTestId('demo-tag')).toHaveLength(0);
    expect(document.querySelector('.jq-lib-item-link img')).toBeNull();
    expect(screen.getByText('新能源', { selector: 'mark' })).toBeTruthy();
    expect(decodeURIComponent(screen.getAllByTestId('project-item')[0]?.getAttribute('href') ?? '')).toBe(
      '/jq/project?q=新能源&pid=1',
    );
    expect(searches[0]).toMatchObject({ keyword: '新能源', page: 1, pageSize: 20 });
  });

  it('searches 300 ms after typing stops, once', async () => {
    answer = () => envelope(page([project(1)]));
    const router = renderPage();
    await screen.findByText('共 1 个项目');
    vi.useFakeTimers();
    const input = screen.getByTestId('library-search');
    fireEvent.change(input, { target: { value: '储' } });
    fireEvent.change(input, { target: { value: '储能' } });
    act(() => vi.advanceTimersByTime(299));
    expect(searches).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ keyword: '储能' }));
    expect(searches.filter((body) => body.keyword === '储')).toHaveLength(0);
    await waitFor(() => expect(router.state.location.search).toBe(`?q=${encodeURIComponent('储能')}`));
  });

  it('says what to change when nothing matches', async () => {
    answer = () => envelope(page([]));
    renderPage('/jq/project?q=不存在的公司&stage=33');
    await screen.findByTestId('library-empty');
    expect(screen.getByText('没有找到符合条件的结果')).toBeTruthy();
  });

  it("shows the server's reason for a refused search and retries on 重试", async () => {
    answer = () => envelope(null, 400, -400, '参数「地区」有误：未知的地区代码 999999');
    renderPage('/jq/project?region=999999');
    await screen.findByText('参数「地区」有误：未知的地区代码 999999');
    answer = () => envelope(page([project(7)]));
    fireEvent.click(screen.getByTestId('library-retry'));
    await screen.findByText('共 1 个项目');
  });
});
