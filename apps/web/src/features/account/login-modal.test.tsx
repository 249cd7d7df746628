import { Code } from '@jq/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServerErrorState } from '../../shared/api/client';
import { FeedbackProvider } from '../../shared/feedback/feedback';
import { SIGNED_OUT_STATUS, useUserStore } from '../../shared/stores/user-store';
import type { SignInResult } from './api';
import { LoginModal } from './login-modal';

const envelope = (code: number, data: unknown, status = 200, msg = '') =>
  new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const USER: SignInResult = {
  uguid: 'u_qr',
  Name: '赵磊',
  Avatar: '',
  Phone: '13900139000',
  Bcard: '',
  inviteCode: 'Q1',
  isVerify: false,
  role: 1,
  identity: 'investor',
  dlreport: false,
  imUid: '',
  imSign: '',
  isBindPhone: true,
  isBindWechat: false,
  isNew: false,
};

/** A server that answers the QR rows: `checks` are the poll answers in turn. */
function serve(checks: Array<() => Response>) {
  const polls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/auth/GetLoginQrcode')) {
      return envelope(1000, {
        code: 'login_abcdefghijklmnop',
        url: 'http://app/jq/login?qr=login_abcdefghijklmnop',
      });
    }
    if (url.startsWith('/api/auth/CheckLoginQrcode')) {
      polls.push(url);
      return (checks[polls.length - 1] ?? checks[checks.length - 1]!)();
    }
    if (url.startsWith('/api/auth/status')) return envelope(1000, { ...SIGNED_OUT_STATUS, role: 1 });
    return envelope(-404, null, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { polls, fetchMock };
}

const waiting = () => envelope(Code.PHONE_BOUND_OR_WAITING, { status: 'waiting' }, 200, '等待扫码');

function renderModal() {
  render(
    <FeedbackProvider>
      <LoginModal />
    </FeedbackProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  useUserStore.getState().openLogin();
});

afterEach(() => {
  act(() => useUserStore.getState().closeLogin());
  useUserStore.setState({ info: null, status: SIGNED_OUT_STATUS });
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetServerErrorState();
});

describe('LoginModal, QR mode', () => {
  it('shows a 200 px QR of the returned URL and polls every 1.5 s until signed in', async () => {
    const { polls } = serve([waiting, waiting, () => envelope(1000, USER)]);
    renderModal();
    expect(screen.getByTestId('login-modal-title').textContent).toBe('扫码登录');
    const panel = await screen.findByTestId('qr-panel');
    await waitFor(() => expect(panel.dataset.qrUrl).toBe('http://app/jq/login?qr=login_abcdefghijklmnop'));
    expect((panel.querySelector('.ant-qrcode') as HTMLElement).style.width).toBe('200px');

    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(polls).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(polls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(useUserStore.getState().info?.uguid).toBe('u_qr'));
    expect(polls).toHaveLength(3);
    expect(useUserStore.getState().loginModal.isOpen).toBe(false);
  });

  it('switches to phone binding when the account has no phone', async () => {
    serve([() => envelope(1000, { ...USER, Phone: '', isBindPhone: false })]);
    renderModal();
    await act(() => vi.advanceTimersByTimeAsync(1600));
    await waitFor(() => expect(screen.getByTestId('login-modal-title').textContent).toBe('手机号绑定'));
    expect(screen.getByTestId('phone-login-submit').textContent?.replace(/\s/g, '')).toBe('确认绑定');
    expect(screen.queryByTestId('login-mode-switch')).toBeNull();
    expect(useUserStore.getState().loginModal.tempUguid).toBe('u_qr');
    expect(useUserStore.getState().info).toBeNull();
  });

  it('clears local login data and closes on -999', async () => {
    serve([() => envelope(Code.ACCOUNT_BANNED, null, 403, '您的账号已被封禁！')]);
    useUserStore.setState({ info: { ...USER } });
    renderModal();
    await act(() => vi.advanceTimersByTimeAsync(1600));
    await waitFor(() => expect(useUserStore.getState().loginModal.isOpen).toBe(false));
    expect(useUserStore.getState().info).toBeNull();
    expect(await screen.findByText('您的账号已被封禁！')).toBeTruthy();
  });

  it('gives up with 请求超时 after 60 polls', async () => {
    const { polls } = serve([waiting]);
    renderModal();
    await act(() => vi.advanceTimersByTimeAsync(60 * 1500 + 500));
    await waitFor(() => expect(useUserStore.getState().loginModal.isOpen).toBe(false));
    expect(polls).toHaveLength(60);
    expect(await screen.findByText('请求超时')).toBeTruthy();
  });
});

describe('LoginModal, phone mode', () => {
  it('has the SMS title, the note and the spec messages for each field', async () => {
    serve([waiting]);
    renderModal();
    fireEvent.click(screen.getByTestId('login-mode-switch'));
    expect(screen.getByTestId('login-modal-title').textContent).toBe('短信登录/注册');
    expect(screen.getByText('未注册的手机号验证后将自动注册')).toBeTruthy();
    expect(screen.getByText('+86')).toBeTruthy();

    fireEvent.change(screen.getByTestId('phone-input'), { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('phone-login-submit'));
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy();
    expect(await screen.findByText('请输入正确的验证码')).toBeTruthy();
    expect(await screen.findByText('您还未同意用户协议')).toBeTruthy();
    const links = [...document.querySelectorAll('.jq-phone-form a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/agreement', '/privacy']);
  });

  it('posts PhoneLogin with the invite code of the address and saves the user', async () => {
    const { fetchMock } = serve([waiting]);
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/auth/PhoneLogin') return envelope(1000, USER);
      if (url.startsWith('/api/auth/status')) return envelope(1000, { ...SIGNED_OUT_STATUS, role: 1 });
      return envelope(Code.PHONE_BOUND_OR_WAITING, null);
    });
    window.history.replaceState(null, '', '/home?iv=INV42');
    useUserStore.getState().openLogin({ mode: 'phone' });
    renderModal();
    fireEvent.change(screen.getByTestId('phone-input'), { target: { value: '13900139000' } });
    fireEvent.change(screen.getByTestId('vcode-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('terms-checkbox'));
    fireEvent.click(screen.getByTestId('phone-login-submit'));
    await waitFor(() => expect(useUserStore.getState().info?.uguid).toBe('u_qr'));
    const login = fetchMock.mock.calls.find(([url]) => url === '/api/auth/PhoneLogin')!;
    expect(JSON.parse(String(login[1]?.body))).toEqual({
      phone: '13900139000',
      vcode: '123456',
      iv: 'INV42',
    });
    window.history.replaceState(null, '', '/');
  });
});
