/**
 * The header's account entry: 登录 for visitors (opens the login modal); for a signed-in
 * user the avatar, whose click follows spec section 2 (verified: user centre; otherwise
 * the registration flow), with a menu for 个人中心 and 退出登录 (header-avatar-menu.tsx,
 * loaded once someone is signed in).
 */
import { UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { common } from '../../locales/zh-CN/common';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { useUserStore } from '../../shared/stores/user-store';
import './account.css';

const HeaderAvatarMenu = lazy(() => import('./header-avatar-menu'));

export function HeaderAccount() {
  const { isSmall } = useBreakpoint();
  const info = useUserStore((state) => state.info);
  const openLogin = useUserStore((state) => state.openLogin);

  if (!info) {
    return (
      <Button
        type="primary"
        icon={isSmall ? <UserOutlined /> : undefined}
        onClick={() => openLogin()}
        data-testid="login-button"
      >
        {common.login}
      </Button>
    );
  }
  // One size for the placeholder and the avatar, so the header does not shift when it arrives.
  const avatarSize = isSmall ? 30 : 34;
  return (
    <Suspense
      fallback={
        <span className="jq-header-avatar-placeholder" style={{ width: avatarSize, height: avatarSize }} />
      }
    >
      <HeaderAvatarMenu info={info} size={avatarSize} />
    </Suspense>
  );
}
