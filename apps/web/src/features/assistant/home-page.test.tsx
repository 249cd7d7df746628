import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServerErrorState } from '../../shared/api/client';
import { FeedbackProvider } from '../../shared/feedback/feedback';
import HomePage from './home-page';

beforeEach(() => {
  resetServerErrorState();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 1000, msg: '成功', data: { list: [] } }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/home', element: <HomePage /> },
      { path: '/homechat', element: <div data-testid="homechat" /> },
    ],
    { initialEntries: ['/home'] },
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

function submit(text: string) {
  const input = screen.getByTestId('home-page').querySelector('textarea')!;
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('home search box', () => {
  it('asks the assistant by default', async () => {
    const router = renderHome();
    submit('储能行业的市场规模');
    await screen.findByTestId('homechat');
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('储能行业的市场规模')}`);
  });

  it('runs an AI search, with report passages when fusion is on', async () => {
    const router = renderHome();
    fireEvent.click(screen.getByText('AI 搜索'));
    fireEvent.click(await screen.findByText('融合搜索（含研报原文）'));
    submit('新能源汽车 A轮');
    await waitFor(() => expect(router.state.location.pathname).toBe('/homechat'));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ mode: 'search', q: '新能源汽车 A轮', fusion: '1' });
  });
});
