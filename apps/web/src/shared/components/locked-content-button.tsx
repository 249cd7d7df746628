/**
 * The locked-content button of chat answers (spec section 2): 登录体验更多功能 for visitors
 * (opens the login modal), 解锁更多内容 for signed-in users (the chat's own unlock flow).
 * Shown only while the content is locked and the user is not typing.
 */
import { LockOutlined, LoginOutlined } from '@ant-design/icons';
import { messages } from '@jq/contract';
import { Button } from 'antd';
import { useUserStore } from '../stores/user-store';

export interface LockedContentButtonProps {
  onUnlock(): void;
  isLocked?: boolean;
  isTyping?: boolean;
  className?: string;
}

export function LockedContentButton({
  onUnlock,
  isLocked = true,
  isTyping = false,
  className,
}: LockedContentButtonProps) {
  const isSignedIn = useUserStore((state) => state.info !== null);
  const openLogin = useUserStore((state) => state.openLogin);
  if (!isLocked || isTyping) return null;
  return (
    <Button
      type="primary"
      shape="round"
      className={className}
      icon={isSignedIn ? <LockOutlined /> : <LoginOutlined />}
      onClick={() => (isSignedIn ? onUnlock() : openLogin())}
      data-testid="locked-content-button"
    >
      {isSignedIn ? messages.unlockMore : messages.loginToSeeMore}
    </Button>
  );
}
