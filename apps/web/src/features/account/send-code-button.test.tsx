import { LIMITS } from '@jq/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { FeedbackProvider } from '../../shared/feedback/feedback';
import { SendCodeButton, smsFailureText } from './send-code-button';

function renderButton(props: Partial<Parameters<typeof SendCodeButton>[0]> = {}) {
  const send = props.send ?? vi.fn().mockResolvedValue(null);
  const canSend = props.canSend ?? (() => true);
  render(
    <FeedbackProvider>
      <SendCodeButton send={send} canSend={canSend} />
    </FeedbackProvider>,
  );
  return { send, button: () => screen.getByTestId('send-code') as HTMLButtonElement };
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SendCodeButton', () => {
  it('sends, then stays disabled for 60 s counting the seconds down', async () => {
    const { send, button } = renderButton();
    await click(button());
    expect(send).toHaveBeenCalledTimes(1);
    expect(button().disabled).toBe(true);
    expect(button().textContent).toContain(`${LIMITS.smsResendSeconds} 秒后重发`);

    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button().textContent).toContain('59 秒后重发');

    await act(async () => {
      vi.advanceTimersByTime(58_000);
    });
    expect(button().textContent).toContain('1 秒后重发');
    expect(button().disabled).toBe(true);

    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button().disabled).toBe(false);
    expect(button().textContent?.replace(/\s/g, '')).toBe('发送验证码');
  });

  it('resets at once when the request fails', async () => {
    const { button } = renderButton({ send: vi.fn().mockRejectedValue(new ApiError(-500, '', 500)) });
    await click(button());
    expect(button().disabled).toBe(false);
    expect(button().textContent?.replace(/\s/g, '')).toBe('发送验证码');
  });

  it('sends nothing while the phone is not valid', async () => {
    const { send, button } = renderButton({ canSend: () => false });
    await click(button());
    expect(send).not.toHaveBeenCalled();
    expect(button().disabled).toBe(false);
  });

  it('ignores clicks during the countdown', async () => {
    const { send, button } = renderButton();
    await click(button());
    await click(button());
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('smsFailureText', () => {
  it("uses the server's explanation for a refusal and the spec's words otherwise", () => {
    expect(smsFailureText(new ApiError(-429, '发送过于频繁，请稍后再试', 429))).toBe(
      '发送过于频繁，请稍后再试',
    );
    expect(smsFailureText(new ApiError(-500, '服务器错误', 500))).toBe('请求错误，请稍后再试');
    expect(smsFailureText(new ApiError(-503, '网络错误', 0))).toBe('请求错误，请稍后再试');
    expect(smsFailureText(new Error('x'))).toBe('请求错误，请稍后再试');
  });
});
