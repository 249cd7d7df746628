/**
 * The teaser pages against a stand-in server (fetch answers as the API does): /transfer shows
 * the hub, the sheet leaves out what the sources lacked, the reader shows masked contacts
 * and asks to connect, and the generate form checks its fields before it sends anything.
 */
import type { Teaser } from '@jq/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolvePage } from '../../app/pages';
import { Providers } from '../../app/providers';
import { createAppRoutes } from '../../app/router';
import { resetServerErrorState } from '../../shared/api/client';
import { FeedbackProvider } from '../../shared/feedback/feedback';
import { useUserStore } from '../../shared/stores/user-store';
import { setWindowWidth } from '../../test/viewport';
import GeneratePage from './generate-page';
import ReaderPage from './reader-page';
import { TeaserSheet } from './sheet';

const envelope = (data: unknown, status = 200, code = 1000, msg = '成功') =>
  new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const SECTIONS = {
  intro: '某医疗影像 AI 公司专注肺结节筛查。',
  product: '自研三维分割算法，已取得二类证。',
  market: '（资料中暂无市场信息）',
  team: '核心团队来自三甲医院与头部企业。',
  metrics: '2025年营收1200万元。',
  financing: '本轮计划融资3000万元。',
  highlights: '',
};

const MASKED: Teaser = {
  id: 5,
  title: '某医疗影像 AI 公司 · A轮',
  status: 'published',
  source: 'form',
  companyName: '',
  isAnonymous: true,
  industries: ['medical'],
  industryNames: ['医疗健康'],
  stage: 3,
  stageName: 'A轮',
  amount: 3000,
  region: '310000',
  regionName: '上海',
  tags: [],
  summary: '某医疗影像 AI 公司专注肺结节筛查。',
  isVipPriority: false,
  views: 12,
  publishedAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  projectId: null,
  sourceFilename: '',
  foundedYear: 2020,
  sections: SECTIONS,
  facts: {},
  contacts: { name: '张*', phone: '138****5678', email: '', wechat: '' },
  contactState: 'locked',
  unlock: null,
  isOwner: false,
  isFollowed: false,
  engine: 'local',
  watermark: '赵磊 139****9000',
  unlockCredits: 50,
};

type Answer = (body: Record<string, unknown>) => Response;
let answers: Record<string, Answer> = {};
const calls: { path: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  calls.length = 0;
  answers = {};
  resetServerErrorState();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      calls.push({ path, body });
      const answer = answers[path];
      return answer ? answer(body) : envelope(null, 404, -404, '接口不存在');
    }),
  );
  // jsdom has no IntersectionObserver; the reader's view tracker needs one.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().clearLogin();
  useUserStore.getState().closeLogin();
});

const signIn = () =>
  useUserStore.getState().setInfo({
    uguid: 'u1',
    Name: '赵磊',
    Avatar: '',
    Phone: '13900139000',
    Bcard: '',
    inviteCode: 'Q1',
    isVerify: false,
    role: 2,
    identity: 'investor',
    dlreport: false,
    imUid: '',
    imSign: '',
    isBindPhone: true,
    isBindWechat: false,
  });

function renderAt(path: string, element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0]!, element },
      { path: '/teaserResult', element: <div data-testid="result-page" /> },
    ],
    { initialEntries: [path] },
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

const emptyPage = { list: [], total: 0, page: 1, pageSize: 20 };

describe('/transfer', () => {
  it('shows the teaser hub (spec section 2: a teaser route) to a visitor, under its own title', async () => {
    answers['/teaser/getRecommendTeaser'] = () => envelope({ ...emptyPage, basis: 'quality' });
    setWindowWidth(1366);
    const router = createMemoryRouter(createAppRoutes(resolvePage), { initialEntries: ['/transfer'] });
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByRole('heading', { name: '创投匹配' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '推荐' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '生成 Teaser' })).toBeTruthy();
    expect(screen.queryByTestId('coming-soon')).toBeNull();
    // Public like /teaser: a visitor is not sent to /home to sign in.
    expect(router.state.location.pathname).toBe('/transfer');
    expect(useUserStore.getState().loginModal.isOpen).toBe(false);
    expect(document.title).toBe('项目转让 - 金桥');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/teaser/getRecommendTeaser'));
  });
});

describe('TeaserSheet', () => {
  it('leaves out sections the sources had nothing for, and draws the reader watermark', () => {
    render(<TeaserSheet teaser={MASKED} />);
    const sheet = screen.getByTestId('teaser-sheet');
    expect(within(sheet).getByRole('heading', { level: 1 }).textContent).toBe(MASKED.title);
    const shown = [...sheet.querySelectorAll('[data-section]')].map((el) => el.getAttribute('data-section'));
    expect(shown).toEqual(['intro', 'product', 'team', 'metrics', 'financing']);
    expect(sheet.textContent).not.toContain('资料中暂无');
    expect(sheet.style.backgroundImage).toContain(encodeURIComponent('赵磊 139****9000'));
  });

  it('shows every section, empty ones as an ellipsis, while the AI is still writing', () => {
    render(<TeaserSheet teaser={{ ...MASKED, companyName: '上海影智医疗科技有限公司' }} streaming />);
    const sheet = screen.getByTestId('teaser-sheet');
    expect(sheet.querySelectorAll('[data-section]')).toHaveLength(7);
    expect(sheet.querySelector('[data-section="highlights"] p')!.textContent).toBe('…');
    expect(within(sheet).getByText('上海影智医疗科技有限公司')).toBeTruthy();
  });
});

describe('the reader page', () => {
  it('shows the contacts masked, with the price, and asks to connect with a note', async () => {
    signIn();
    let state: Teaser = MASKED;
    answers['/teaser/getTeaser'] = () => envelope(state);
    answers['/teaser/recordView'] = () => envelope({ viewId: 1, counted: false });
    answers['/teaser/UnLockContactInfo'] = () => {
      state = {
        ...MASKED,
        contactState: 'pending',
        unlock: { id: 31, status: 'pending', expiresAt: '2026-11-27T08:00:00.000Z' },
      };
      return envelope({ unlockId: 31, status: 'pending', credits: 50 });
    };
    answers['/teaser/getTeaserConversation'] = () =>
      envelope({ unlock: null, messages: [], list: [], total: 0 });
    renderAt('/teaserInfo?id=5', <ReaderPage />);
    const contacts = await screen.findByTestId('teaser-contacts');
    expect(within(contacts).getByText('张*')).toBeTruthy();
    expect(within(contacts).getByText('138****5678')).toBeTruthy();
    expect(contacts.textContent).not.toContain('13812345678');
    expect(screen.getByText('创始人确认后可见联系方式')).toBeTruthy();
    const ask = screen.getByTestId('ask-unlock');
    expect(ask.textContent).toContain('50 算力');
    expect(calls.find((c) => c.path === '/teaser/getTeaser')!.body).toMatchObject({ id: 5 });

    fireEvent.change(screen.getByPlaceholderText('给创始人留言（可选）'), {
      target: { value: '  我们关注医疗影像  ' },
    });
    fireEvent.click(ask);
    expect(await screen.findByTestId('unlock-pending')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/teaser/UnLockContactInfo').map((c) => c.body)).toEqual([
      { id: 5, message: '我们关注医疗影像' },
    ]);
    expect(screen.queryByTestId('ask-unlock')).toBeNull();
  });

  it('asks a visitor to sign in instead of sending the request', async () => {
    answers['/teaser/getTeaser'] = () => envelope({ ...MASKED, watermark: '' });
    answers['/teaser/recordView'] = () => envelope({ viewId: 1, counted: false });
    renderAt('/teaserInfo?id=5', <ReaderPage />);
    fireEvent.click(await screen.findByTestId('ask-unlock'));
    expect(useUserStore.getState().loginModal.isOpen).toBe(true);
    expect(calls.some((c) => c.path === '/teaser/UnLockContactInfo')).toBe(false);
  });

  it("says clearly when the teaser is gone, with the server's reason", async () => {
    answers['/teaser/getTeaser'] = () => envelope(null, 404, -404, 'Teaser 不存在或已删除');
    renderAt('/teaserInfo?id=5', <ReaderPage />);
    expect(await screen.findByText('Teaser 不可用')).toBeTruthy();
    expect(screen.getByText('Teaser 不存在或已删除')).toBeTruthy();
  });
});

describe('the generate form', () => {
  beforeEach(() => {
    signIn();
    answers['/library/taxonomy'] = () => envelope({ industries: [], regions: [] });
  });

  it('sends nothing without an intro, and says why', async () => {
    renderAt('/teaserGenerate', <GeneratePage />);
    fireEvent.click(await screen.findByTestId('teaser-create'));
    expect(await screen.findByText(/请填写公司介绍/)).toBeTruthy();
    expect(calls.some((c) => c.path === '/teaser/createTeaser')).toBe(false);
  });

  it('sends nothing with a malformed phone or email, and says why', async () => {
    renderAt('/teaserGenerate', <GeneratePage />);
    fireEvent.change(await screen.findByLabelText('公司介绍'), {
      target: { value: '专注肺结节筛查的医疗影像公司。' },
    });
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '138-abc' } });
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'zhang@' } });
    fireEvent.click(screen.getByTestId('teaser-create'));
    expect(await screen.findByText(/联系电话只能是数字/)).toBeTruthy();
    expect(screen.getByText('邮箱格式不对')).toBeTruthy();
    expect(screen.queryByText(/请填写公司介绍/)).toBeNull();
    expect(calls.some((c) => c.path === '/teaser/createTeaser')).toBe(false);
  });

  it('creates from the form with only the fields given, and opens the result to write it', async () => {
    answers['/teaser/createTeaser'] = () => envelope({ ...MASKED, id: 77, status: 'draft', isOwner: true });
    const router = renderAt('/teaserGenerate', <GeneratePage />);
    fireEvent.change(await screen.findByLabelText('公司介绍'), {
      target: { value: '专注肺结节筛查的医疗影像公司。' },
    });
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '138 1234 5678' } });
    fireEvent.change(screen.getByLabelText('联系人'), { target: { value: '张伟' } });
    fireEvent.click(screen.getByTestId('teaser-create'));
    await screen.findByTestId('result-page');
    expect(router.state.location.search).toBe('?id=77&gen=1');
    expect(calls.filter((c) => c.path === '/teaser/createTeaser').map((c) => c.body)).toEqual([
      {
        source: 'form',
        fields: {
          isAnonymous: true,
          description: '专注肺结节筛查的医疗影像公司。',
          contacts: { name: '张伟', phone: '138 1234 5678' },
        },
      },
    ]);
  });

  it('does not ask a business-plan upload for an intro', async () => {
    renderAt('/teaserGenerate', <GeneratePage />);
    fireEvent.click(await screen.findByText('上传商业计划书'));
    // Without a finished upload the button stays off; the intro is not marked required.
    expect((screen.getByTestId('teaser-create') as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByLabelText('公司介绍').closest('.ant-form-item')!.querySelector('.ant-form-item-required'),
    ).toBeNull();
  });
});
