import { messages } from '@jq/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet, isInServerErrorState, resetServerErrorState, setApiEffects } from '../shared/api/client';
import { SETTINGS_STORAGE_KEY, useSettingsStore } from '../shared/stores/settings-store';
import { setWindowWidth } from '../test/viewport';
import { type PageResolver, resolvePage } from './pages';
import { Providers } from './providers';
import { createAppRoutes } from './router';

/** The home page stands in as a marker: these tests are about the shell, not the page's calls. */
const HOME_MARKER = '首页内容';
const shellPages: PageResolver = (route) =>
  route.name === 'home' ? <p>{HOME_MARKER}</p> : resolvePage(route);

function renderApp(path: string, options: { resolve?: PageResolver; width?: number } = {}) {
  setWindowWidth(options.width ?? 1366);
  const router = createMemoryRouter(createAppRoutes(options.resolve ?? shellPages), {
    initialEntries: [path],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** A page with local state, standing in for a real page in the keep-alive tests. */
function StatefulPage({ label }: { label: string }) {
  const [value, setValue] = useState('');
  return <input aria-label={label} value={value} onChange={(event) => setValue(event.target.value)} />;
}

const withStatefulPages: PageResolver = (route) =>
  route.name === 'social' || route.name === 'test' ? <StatefulPage label={route.name} /> : shellPages(route);

const go = (router: ReturnType<typeof renderApp>, path: string) => act(() => router.navigate(path));

afterEach(() => {
  useSettingsStore.setState({ identity: 'investor', isSiderCollapsed: false });
  resetServerErrorState();
  vi.unstubAllGlobals();
});

describe('routing', () => {
  it('sends / to /home, inside the full layout, with the page title', async () => {
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const sider = await screen.findByTestId('app-sider');
    expect(within(sider).getByText('首页')).toBeTruthy();
    expect(within(sider).getByText('知识库')).toBeTruthy();
    expect(screen.getByText(HOME_MARKER)).toBeTruthy();
    expect(document.title).toBe('首页 - 金桥');
    expect(screen.getByText(/© 2021/)).toBeTruthy();
  });

  it('sends an unknown path to / and so to /home', async () => {
    const router = renderApp('/nope/xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('shows the coming-soon page, with the route title, for a feature not enabled yet', async () => {
    const router = renderApp('/jq/social');
    const page = await screen.findByTestId('coming-soon');
    expect(within(page).getByText(messages.comingSoon)).toBeTruthy();
    expect(within(page).getByText('发现')).toBeTruthy();
    expect(document.title).toBe('发现 - 金桥');
    fireEvent.click(within(page).getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('renders bare pages outside the main layout', async () => {
    renderApp('/download');
    expect(await screen.findByText('金桥网页应用')).toBeTruthy();
    expect(screen.queryByTestId('app-sider')).toBeNull();
    expect(document.title).toBe('客户端下载 - 金桥');
  });

  it('records the session page trail with queries', async () => {
    const router = renderApp('/jq/social?industry=AI');
    await screen.findByTestId('coming-soon');
    await go(router, '/knowledge');
    expect(JSON.parse(sessionStorage.getItem('jq_entry_page')!)).toEqual({
      path: '/jq/social',
      query: 'industry=AI',
    });
    expect(JSON.parse(sessionStorage.getItem('jq_prev_page')!)).toEqual({
      path: '/jq/social',
      query: 'industry=AI',
    });
    expect(JSON.parse(sessionStorage.getItem('jq_last_page')!)).toEqual({ path: '/knowledge', query: '' });
  });
});

describe('keep-alive pages', () => {
  it('keep their state when left and revisited', async () => {
    const router = renderApp('/jq/social', { resolve: withStatefulPages });
    fireEvent.change(await screen.findByLabelText('social'), { target: { value: '红杉资本' } });
    await go(router, '/home');
    await screen.findByText(HOME_MARKER);
    await go(router, '/jq/social');
    expect((screen.getByLabelText('social') as HTMLInputElement).value).toBe('红杉资本');
  });

  it('are hidden, not shown, while another page is open', async () => {
    const router = renderApp('/jq/social', { resolve: withStatefulPages });
    const input = await screen.findByLabelText('social');
    await go(router, '/home');
    expect(input.isConnected).toBe(true);
    expect(input.style.display).toBe('none');
  });

  it('does not apply to other pages, which start fresh', async () => {
    const router = renderApp('/test', { resolve: withStatefulPages });
    fireEvent.change(await screen.findByLabelText('test'), { target: { value: 'abc' } });
    await go(router, '/home');
    await go(router, '/test');
    expect((screen.getByLabelText('test') as HTMLInputElement).value).toBe('');
  });
});

describe('side menu', () => {
  it('gives the coming-soon notice for an item not enabled, and stays put', async () => {
    const router = renderApp('/home');
    const sider = await screen.findByTestId('app-sider');
    fireEvent.click(within(sider).getByText('发现'));
    expect(await screen.findByText(messages.comingSoon, { selector: '.ant-message *' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('swallows a push to the page already shown', async () => {
    const router = renderApp('/home');
    const sider = await screen.findByTestId('app-sider');
    const key = router.state.location.key;
    fireEvent.click(within(sider).getByText('首页'));
    expect(router.state.location.key).toBe(key);
  });

  it('shows the shortcut list of the chosen identity and remembers the identity', async () => {
    renderApp('/home');
    const sider = await screen.findByTestId('app-sider');
    expect(within(sider).getByText('发现')).toBeTruthy();
    expect(within(sider).getByText('项目库')).toBeTruthy();
    expect(within(sider).getByText('智能匹配项目')).toBeTruthy();
    fireEvent.click(screen.getByText('创业者'));
    await waitFor(() => expect(within(sider).getByText('BP 优化')).toBeTruthy());
    expect(within(sider).getByText('智能匹配投资人')).toBeTruthy();
    expect(within(sider).queryByText('访客记录')).toBeNull();
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!).state.identity).toBe('enterprise');
  });

  it('is a drawer behind the menu button under 1200 px', async () => {
    renderApp('/home', { width: 390 });
    await screen.findByText(HOME_MARKER);
    expect(screen.queryByTestId('app-sider')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '打开菜单' }));
    const drawer = await waitFor(() => {
      const found = document.querySelector('.jq-nav-drawer');
      if (!found) throw new Error('drawer not open');
      return found as HTMLElement;
    });
    expect(within(drawer).getByText('产业链图谱')).toBeTruthy();
  });
});

describe('header', () => {
  it('shows a back control once there is history, except on /home', async () => {
    const router = renderApp('/home');
    await screen.findByText(HOME_MARKER);
    expect(screen.queryByTestId('go-back')).toBeNull();
    await go(router, '/jq/social');
    fireEvent.click(await screen.findByTestId('go-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByTestId('go-back')).toBeNull();
  });

  it('shows no back control on the first page of a visit', async () => {
    renderApp('/jq/social');
    await screen.findByTestId('coming-soon');
    expect(screen.queryByTestId('go-back')).toBeNull();
  });

  it('opens the login modal from the header', async () => {
    renderApp('/home');
    fireEvent.click(await screen.findByTestId('login-button'));
    expect(await screen.findByText('扫码登录')).toBeTruthy();
  });
});

describe('the 500 page', () => {
  it('leaves the 500 state on retry', async () => {
    setApiEffects({ navigate: () => {}, notify: () => {} });
    vi.stubGlobal('fetch', async () => new Response('', { status: 500 }));
    for (let i = 0; i < 5; i += 1) await apiGet('/a').catch(() => undefined);
    expect(isInServerErrorState()).toBe(true);

    const router = renderApp('/500');
    fireEvent.click(await screen.findByTestId('retry'));
    expect(isInServerErrorState()).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
