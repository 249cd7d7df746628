import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServerErrorState } from '../../shared/api/client';
import { useUserStore } from '../../shared/stores/user-store';
import { ProjectContacts } from './project-contacts';

const envelope = (data: unknown, status = 200, code = 1000, msg = '成功') =>
  new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const MASKED = {
  pid: 9,
  isUnlocked: false,
  contacts: [{ name: '潘*芳', title: 'CEO', phone: '1*********9', email: '', wechat: '' }],
};
const PLAIN = {
  pid: 9,
  isUnlocked: true,
  contacts: [{ name: '潘晓芳', title: 'CEO', phone: '13812345679', email: '', wechat: '' }],
};

let unlockAnswer: () => Response = () => envelope(PLAIN);
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  resetServerErrorState();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url.endsWith('/acproject/ProjectContactMembers')) return envelope(MASKED);
      if (url.endsWith('/user/UnlockUser2ProjectMap')) return unlockAnswer();
      return envelope(null, 404, -404, '接口不存在');
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().clearLogin();
  useUserStore.getState().closeLogin();
});

function renderContacts() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <ProjectContacts pid={9} contactCount={1} />
      </App>
    </QueryClientProvider>,
  );
}

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
    imSign: '',
    isBindPhone: true,
    isBindWechat: false,
  });

describe('ProjectContacts', () => {
  it('asks a visitor to sign in instead of calling the server', () => {
    renderContacts();
    fireEvent.click(screen.getByTestId('unlock-contacts'));
    expect(useUserStore.getState().loginModal.isOpen).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it("shows masked contacts and the server's refusal of an unlock, once", async () => {
    signIn();
    unlockAnswer = () => envelope(null, 501, -501, '该功能即将上线，敬请期待');
    renderContacts();
    await screen.findByText('电话 1*********9');
    fireEvent.click(screen.getByTestId('unlock-contacts'));
    expect((await screen.findByTestId('unlock-answer')).textContent).toContain('该功能即将上线，敬请期待');
    expect(screen.getByTestId('unlock-contacts').closest('button')?.disabled).toBe(true);
    expect(calls.filter((url) => url.endsWith('/user/UnlockUser2ProjectMap'))).toHaveLength(1);
  });

  it('shows the full contacts the unlock returns', async () => {
    signIn();
    unlockAnswer = () => envelope(PLAIN);
    renderContacts();
    await screen.findByText('电话 1*********9');
    fireEvent.click(screen.getByTestId('unlock-contacts'));
    await screen.findByText('电话 13812345679');
    expect(screen.getByText('已解锁')).toBeTruthy();
    expect(screen.queryByTestId('unlock-contacts')).toBeNull();
  });
});
