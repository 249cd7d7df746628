import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServerErrorState } from '../../shared/api/client';
import { FeedbackProvider } from '../../shared/feedback/feedback';
import { useUserStore } from '../../shared/stores/user-store';
import { useBillingStore } from '../billing/billing-store';
import { ProjectContacts } from './project-contacts';

const envelope = (data: unknown, status = 200, code = 1000, msg = '成功') =>
  new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const MASKED = {
  pid: 9,
  isUnlocked: false,
  unlockPower: 199,
  contacts: [{ name: '潘*芳', title: 'CEO', phone: '1*********9', email: '', wechat: '' }],
};
const PLAIN = {
  pid: 9,
  isUnlocked: true,
  contacts: [{ name: '潘晓芳', title: 'CEO', phone: '13812345679', email: '', wechat: '' }],
};

let unlockAnswer: () => Response = () => envelope(PLAIN);
let contactsAnswer: object = MASKED;
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  contactsAnswer = MASKED;
  useBillingStore.getState().closePay();
  resetServerErrorState();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url.endsWith('/acproject/ProjectContactMembers')) return envelope(contactsAnswer);
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
      <FeedbackProvider>
        <ProjectContacts pid={9} contactCount={1} />
      </FeedbackProvider>
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
    imUid: '',
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

  it("shows masked contacts, the unlock's price and the server's refusal", async () => {
    signIn();
    unlockAnswer = () => envelope(null, 404, -404, '项目不存在');
    renderContacts();
    await screen.findByText('电话 1*********9');
    expect(screen.getByText(/解锁需 199 算力，VIP 会员免费/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('unlock-contacts'));
    expect((await screen.findByTestId('unlock-answer')).textContent).toContain('项目不存在');
    expect(useBillingStore.getState().pay).toBeNull();
    expect(calls.filter((url) => url.endsWith('/user/UnlockUser2ProjectMap'))).toHaveLength(1);
  });

  it('opens the global pay modal with the shortfall when credits run short, and reloads once paid', async () => {
    signIn();
    unlockAnswer = () =>
      envelope(
        { need: 199, power: 20 },
        403,
        -403,
        '算力不足：需要 199 算力，当前余额 20，请先充值或开通 VIP',
      );
    renderContacts();
    await screen.findByText('电话 1*********9');
    fireEvent.click(screen.getByTestId('unlock-contacts'));
    expect((await screen.findByTestId('unlock-answer')).textContent).toContain('算力不足');
    const pay = useBillingStore.getState().pay;
    expect(pay).toMatchObject({
      kind: 'perUse',
      action: 'DockPerCharge',
      pid: 9,
      shortfall: { need: 199, power: 20 },
    });
    contactsAnswer = PLAIN;
    act(() => pay?.onPaid?.());
    await screen.findByText('电话 13812345679');
    expect(screen.queryByTestId('unlock-answer')).toBeNull();
  });

  it('shows the full contacts the unlock returns, with what it cost', async () => {
    signIn();
    unlockAnswer = () => envelope({ ...PLAIN, unlock: { via: 'credits', charged: 199, power: 401 } });
    renderContacts();
    await screen.findByText('电话 1*********9');
    fireEvent.click(screen.getByTestId('unlock-contacts'));
    await screen.findByText('电话 13812345679');
    await screen.findByText('联系方式已解锁，消耗 199 算力，余额 401 算力');
    expect(screen.getByText('已解锁')).toBeTruthy();
    expect(screen.queryByTestId('unlock-contacts')).toBeNull();
  });
});
