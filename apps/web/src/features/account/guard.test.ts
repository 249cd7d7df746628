import { Code } from '@jq/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { SIGNED_OUT_STATUS, type UserInfo, useUserStore } from '../../shared/stores/user-store';
import { decideAccess, loginRedirectHref, needsFullPageLoad, readRefreshFailure } from './guard';
import { createAccountGuard } from './guard-loader';
import { listenAccountNotices } from './notices';
import { resetProfileRefresh } from './profile-refresh';

const route = (name: string, isPublic = false) => ({ name, isPublic });
const access = (input: Partial<Parameters<typeof decideAccess>[0]>) =>
  decideAccess({
    route: route('chat'),
    isSignedIn: false,
    isPageAvailable: true,
    pathname: '/jq/chat',
    search: '',
    ...input,
  });

const INFO: UserInfo = {
  uguid: 'u_1',
  Name: '王敏',
  Avatar: '',
  Phone: '13800138000',
  Bcard: '',
  inviteCode: 'K8J2Q1',
  isVerify: true,
  role: 1,
  identity: 'enterprise',
  dlreport: false,
  imUid: '',
  imSign: '',
  isBindPhone: true,
  isBindWechat: false,
};

describe('decideAccess', () => {
  it('sends a visitor of a protected page to /home with a redirect query', () => {
    const decision = access({ search: '?q=新能源' });
    expect(decision.kind).toBe('login');
    const to = new URL((decision as { to: string }).to, 'http://app');
    expect(to.pathname).toBe('/home');
    const back = new URL(to.searchParams.get('redirect')!, 'http://app');
    expect(back.pathname).toBe('/jq/chat');
    expect(back.searchParams.get('q')).toBe('新能源');
  });

  it('carries a WeChat code along, outside the redirect', () => {
    const decision = access({ search: '?code=wx123&state=jqlogin&tab=2' });
    expect(decision.kind).toBe('login');
    const params = new URLSearchParams((decision as { to: string }).to.split('?')[1]);
    expect(params.get('redirect')).toBe('/jq/chat?tab=2');
    expect(params.get('code')).toBe('wx123');
  });

  it('lets visitors open public pages and pages still coming soon', () => {
    expect(access({ route: route('agreement', true) })).toEqual({ kind: 'pass' });
    expect(access({ isPageAvailable: false })).toEqual({ kind: 'pass' });
  });

  it('always opens /500 and /ipBanned', () => {
    expect(access({ route: route('serverError') })).toEqual({ kind: 'pass' });
    expect(access({ route: route('ipBanned') })).toEqual({ kind: 'pass' });
  });

  it('lets a signed-in user in, and on to a same-site redirect from /home', () => {
    expect(access({ isSignedIn: true })).toEqual({ kind: 'pass' });
    expect(
      access({ isSignedIn: true, route: route('home', true), search: '?redirect=%2Fjq%2Fuser' }),
    ).toEqual({
      kind: 'redirect',
      to: '/jq/user',
    });
    expect(
      access({
        isSignedIn: true,
        route: route('home', true),
        search: '?redirect=https%3A%2F%2Fevil.example',
      }),
    ).toEqual({ kind: 'pass' });
    expect(
      access({ isSignedIn: true, route: route('home', true), search: '?redirect=%2F%2Fevil.example' }),
    ).toEqual({
      kind: 'pass',
    });
  });
});

describe('loginRedirectHref', () => {
  it('keeps the path alone when there is no query', () => {
    expect(loginRedirectHref('/jq/user', '')).toBe('/home?redirect=%2Fjq%2Fuser');
  });
});

describe('readRefreshFailure', () => {
  it('tells the ban codes, an ended session and other failures apart', () => {
    expect(readRefreshFailure(new ApiError(Code.IP_BANNED, '', 403))).toBe('ipBanned');
    expect(readRefreshFailure(new ApiError(Code.ACCOUNT_BANNED, '', 403))).toBe('banned');
    expect(readRefreshFailure(new ApiError(Code.UNAUTHORIZED, '', 401))).toBe('sessionEnded');
    expect(readRefreshFailure(new ApiError(Code.INTERNAL, '', 500))).toBe('failed');
    expect(readRefreshFailure(new ApiError(Code.TIMEOUT, '', 0))).toBe('failed');
  });
});

describe('needsFullPageLoad', () => {
  const iosWechat = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.40';
  it('reloads on iPhone in WeChat when the path changes after the first page', () => {
    expect(needsFullPageLoad(iosWechat, false, '/jq/user', '/home')).toBe(true);
    expect(needsFullPageLoad(iosWechat, false, '/home', '/home')).toBe(false);
    expect(needsFullPageLoad(iosWechat, true, '/jq/user', '/home')).toBe(false);
    expect(needsFullPageLoad('Mozilla/5.0 (Windows NT 10.0)', false, '/jq/user', '/home')).toBe(false);
  });
});

describe('the guard loader', () => {
  const notices: string[] = [];
  const stop = listenAccountNotices((notice) => notices.push(notice.title));
  const chat = {
    name: 'chat',
    path: '/{product}/chat',
    title: 'AI 对话',
    feature: 'assistant',
    layout: 'main',
  } as const;
  const home = { ...chat, name: 'home', path: '/home', isPublic: true } as const;
  const run = (guard: ReturnType<typeof createAccountGuard>, r: typeof chat | typeof home, url: string) =>
    guard(r, { request: new Request(`http://app${url}`), params: {}, context: undefined } as never);
  const makeGuard = (fetchUserInfo: () => Promise<UserInfo>) =>
    createAccountGuard({ isPageAvailable: () => true, fetchUserInfo, isEnabled: () => true });

  afterEach(() => {
    resetProfileRefresh();
    notices.length = 0;
    useUserStore.setState({ info: null, status: SIGNED_OUT_STATUS });
    useUserStore.getState().closeLogin();
    vi.unstubAllGlobals();
  });

  it('redirects a visitor to /home and opens the login modal', async () => {
    const response = await run(makeGuard(vi.fn()), chat, '/jq/chat');
    expect(response?.headers.get('location')).toBe('/home?redirect=%2Fjq%2Fchat');
    expect(useUserStore.getState().loginModal.isOpen).toBe(true);
  });

  it('refreshes the profile of a signed-in user once, then lets them through', async () => {
    useUserStore.setState({ info: { ...INFO, Name: '旧名字' } });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new Error('status not needed')));
    const fetchUserInfo = vi.fn().mockResolvedValue(INFO);
    const guard = makeGuard(fetchUserInfo);
    expect(await run(guard, chat, '/jq/chat')).toBeNull();
    expect(useUserStore.getState().info?.Name).toBe('王敏');
    expect(await run(guard, home, '/home')).toBeNull();
    expect(fetchUserInfo).toHaveBeenCalledTimes(1);
  });

  it('clears the login of a banned account with the notice, and sends it home', async () => {
    useUserStore.setState({ info: INFO });
    const guard = makeGuard(vi.fn().mockRejectedValue(new ApiError(Code.ACCOUNT_BANNED, '', 403)));
    const response = await run(guard, chat, '/jq/chat');
    expect(response?.headers.get('location')).toBe('/home');
    expect(useUserStore.getState().info).toBeNull();
    expect(notices).toEqual(['账号已被封禁，请联系客服']);
  });

  it('goes to /ipBanned on an IP ban', async () => {
    useUserStore.setState({ info: INFO });
    const guard = makeGuard(vi.fn().mockRejectedValue(new ApiError(Code.IP_BANNED, '', 403)));
    const response = await run(guard, chat, '/jq/chat');
    expect(response?.headers.get('location')).toBe('/ipBanned');
    expect(notices).toHaveLength(1);
  });

  it('keeps the login but goes home with a notice when the profile cannot load', async () => {
    useUserStore.setState({ info: INFO });
    const guard = makeGuard(vi.fn().mockRejectedValue(new ApiError(Code.INTERNAL, '', 500)));
    const response = await run(guard, chat, '/jq/chat');
    expect(response?.headers.get('location')).toBe('/home');
    expect(useUserStore.getState().info).not.toBeNull();
    expect(notices).toEqual(['加载用户信息失败，请重试']);
  });

  it('treats an ended session as signed out', async () => {
    useUserStore.setState({ info: INFO });
    const guard = makeGuard(vi.fn().mockRejectedValue(new ApiError(Code.UNAUTHORIZED, '', 401)));
    const response = await run(guard, chat, '/jq/chat');
    expect(useUserStore.getState().info).toBeNull();
    expect(response?.headers.get('location')).toBe('/home?redirect=%2Fjq%2Fchat');
  });

  it('does nothing while the account feature is off', async () => {
    const guard = createAccountGuard({ isPageAvailable: () => true, isEnabled: () => false });
    expect(await run(guard, chat, '/jq/chat')).toBeNull();
    stop();
  });
});
