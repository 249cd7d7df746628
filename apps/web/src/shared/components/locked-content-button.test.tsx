import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT_STATUS, useUserStore } from '../stores/user-store';
import { LockedContentButton } from './locked-content-button';

afterEach(() => {
  useUserStore.setState({ info: null, status: SIGNED_OUT_STATUS });
  useUserStore.getState().closeLogin();
});

describe('LockedContentButton', () => {
  it('invites a visitor to sign in and opens the login modal', () => {
    const onUnlock = vi.fn();
    render(<LockedContentButton onUnlock={onUnlock} />);
    const button = screen.getByTestId('locked-content-button');
    expect(button.textContent).toContain('登录体验更多功能');
    fireEvent.click(button);
    expect(useUserStore.getState().loginModal.isOpen).toBe(true);
    expect(onUnlock).not.toHaveBeenCalled();
  });

  it('offers a signed-in user to unlock', () => {
    useUserStore.setState({
      info: {
        uguid: 'u',
        Name: '周',
        Avatar: '',
        Phone: '13800138000',
        Bcard: '',
        inviteCode: '',
        isVerify: false,
        role: 1,
        identity: 'investor',
        dlreport: false,
        imUid: '',
        imSign: '',
        isBindPhone: true,
        isBindWechat: false,
      },
    });
    const onUnlock = vi.fn();
    render(<LockedContentButton onUnlock={onUnlock} />);
    const button = screen.getByTestId('locked-content-button');
    expect(button.textContent).toContain('解锁更多内容');
    fireEvent.click(button);
    expect(onUnlock).toHaveBeenCalledTimes(1);
    expect(useUserStore.getState().loginModal.isOpen).toBe(false);
  });

  it('is hidden when the content is not locked or the user is typing', () => {
    const { rerender } = render(<LockedContentButton onUnlock={() => {}} isLocked={false} />);
    expect(screen.queryByTestId('locked-content-button')).toBeNull();
    rerender(<LockedContentButton onUnlock={() => {}} isTyping />);
    expect(screen.queryByTestId('locked-content-button')).toBeNull();
  });
});
