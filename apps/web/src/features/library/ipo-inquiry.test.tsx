import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServerErrorState } from '../../shared/api/client';
import { FeedbackProvider } from '../../shared/feedback/feedback';
import { IpoInquiryList } from './ipo-inquiry';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 1000, msg: '成功', data }), {
    headers: { 'content-type': 'application/json' },
  });

let list: string[] = [];
let bodies: unknown[] = [];

beforeEach(() => {
  bodies = [];
  resetServerErrorState();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body ?? '{}')));
      return envelope({ list });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderList(pid: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <IpoInquiryList pid={pid} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
}

describe('IpoInquiryList', () => {
  it("lists the report's listing and inquiry passages as plain text", async () => {
    list = ['公司拟于科创板上市，<b>募集资金</b>用于产能扩建。', '交易所问询关注毛利率下滑的原因。'];
    renderList(9);
    expect(screen.getByTestId('ipo-loading')).toBeTruthy();
    const items = (await screen.findByTestId('ipo-inquiry')).querySelectorAll('li');
    expect([...items].map((item) => item.textContent)).toEqual(list);
    expect(document.querySelector('b')).toBeNull();
    expect(bodies).toEqual([{ pid: 9, limit: 10 }]);
  });

  it('says there is nothing when the report has no such passage', async () => {
    list = [];
    renderList(10);
    await screen.findByText('暂无相关内容');
    expect(screen.queryByTestId('ipo-inquiry')).toBeNull();
  });
});
