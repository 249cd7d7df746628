import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedbackProvider } from '../../shared/feedback/feedback';
import { useSettingsStore } from '../../shared/stores/settings-store';
import { SIGNED_OUT_STATUS, type UserInfo, useUserStore } from '../../shared/stores/user-store';
import { NeedLoginModal } from './need-login-modal';
import { switchIdentity } from './use-identity-switch';

afterEach(() => {
  useUserStore.setState({ info: null, status: SIGNED_OUT_STATUS, isNeedLoginOpen: false });
  useUserStore.getState().closeLogin();
  useSettingsStore.setState({ identity: 'investor' });
  vi.unstubAllGlobals();
});

describe('NeedLoginModal', () => {
  it('explains that an account is needed and opens the login modal', async () => {
    useUserStore.getState().openNeedLogin();
    render(
      <FeedbackProvider>
        <NeedLoginModal />
      </FeedbackProvider>,
    );
    expect(await screen.findByText('登录后即可使用')).toBeTruthy();
    fireEvent.click(screen.getByTestId('need-login-go'));
    expect(useUserStore.getState().isNeedLoginOpen).toBe(false);
    expect(useUserStore.getState().loginModal).toMatchObject({ isOpen: true, mode: 'qr' });
  });
});

describe('switchIdentity', () => {
  const INFO: UserInfo = {
    uguid: 'u_9',
    Name: '钱程',
    Avatar: '',
    Phone: '13700137000',
    Bcard: '',
    inviteCode: '',
    isVerify: false,
    role: 2,
    identity: 'investor',
    dlreport: false,
    imUid: '',
    imSign: '',
    isBindPhone: true,
    isBindWechat: false,
  };

  it('only switches the theme for a visitor', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await switchIdentity('enterprise');
    expect(useSettingsStore.getState().identity).toBe('enterprise');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("saves a signed-in user's choice to the account", async () => {
    useUserStore.setState({ info: INFO });
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(
          JSON.stringify({ code: 1000, msg: '保存成功', data: { ...INFO, identity: 'enterprise' } }),
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await switchIdentity('enterprise');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/SaveUserBaseInfo');
    expect(JSON.parse(String(init?.body))).toEqual({ identity: 'enterprise' });
    expect(useUserStore.getState().info?.identity).toBe('enterprise');
    expect(useSettingsStore.getState().identity).toBe('enterprise');
  });
});
