/**
 * 发送验证码: validates first (the caller's check), then disables itself for 60 s with a
 * seconds countdown while the code is requested; a failed request frees it at once.
 */
import { LIMITS, messages } from '@jq/contract';
import { Button } from 'antd';
import { account } from '../../locales/zh-CN/account';
import { ApiError } from '../../shared/api/client';
import { useFeedback } from '../../shared/feedback/feedback';
import { useCountdown } from './use-countdown';

export interface SendCodeButtonProps {
  /** Returns false when the phone is not valid yet; nothing is sent then. */
  canSend(): boolean | Promise<boolean>;
  send(): Promise<unknown>;
  disabled?: boolean;
}

export function SendCodeButton({ canSend, send, disabled = false }: SendCodeButtonProps) {
  const { message } = useFeedback();
  const countdown = useCountdown(LIMITS.smsResendSeconds);

  const onClick = async () => {
    if (countdown.isRunning || !(await canSend())) return;
    countdown.start();
    try {
      await send();
      void message.success(messages.smsSent);
    } catch (error) {
      countdown.reset();
      void message.error(smsFailureText(error));
    }
  };

  return (
    <Button
      onClick={onClick}
      disabled={disabled || countdown.isRunning}
      className="jq-send-code"
      data-testid="send-code"
    >
      {countdown.isRunning ? account.resendIn(countdown.remaining) : account.sendCode}
    </Button>
  );
}

/** The server's own words for a refusal it explains (rate limit, bad phone); else the spec's. */
export function smsFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500 && error.msg) return error.msg;
  return messages.smsFailed;
}
