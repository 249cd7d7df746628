/**
 * The header's account entry: 登录 for visitors (opens the login modal); for a signed-in
 * user the avatar, whose click follows spec section 2 (verified: user centre; otherwise
 * the registration flow), with a menu for 个人中心 and 退出登录.
 */
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { account } from '../../locales/zh-CN/account';
import { common } from '../../locales/zh-CN/common';
import { UserAvatar } from '../../shared/components/user-avatar';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { useUserStore } from '../../shared/stores/user-store';
import { avatarTarget } from './paths';
import { signOut } from './session';
import './account.css';

export function HeaderAccount() {
  const { isMobile, isSmall } = useBreakpoint();
  const info = useUserStore((state) => state.info);
  const openLogin = useUserStore((state) => state.openLogin);
  const navigate = useAppNavigate();
  const { message } = App.useApp();

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

  const target = avatarTarget(info);
  const logout = async () => {
    await signOut().catch(() => {});
    void message.success(account.loggedOut);
    // A full load: no page of the signed-out user keeps the previous user's state.
    window.location.assign('/');
  };
  const items: MenuProps['items'] = [
    { key: 'user', icon: <UserOutlined />, label: account.userCentre, onClick: () => navigate(target) },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: account.logout, onClick: () => void logout() },
  ];

  return (
    <Dropdown menu={{ items }} trigger={isMobile ? ['click'] : ['hover']} placement="bottomRight">
      <button
        type="button"
        className="jq-header-avatar"
        aria-label={account.userCentre}
        onClick={isMobile ? undefined : () => navigate(target)}
        data-testid="header-avatar"
      >
        <UserAvatar src={info.Avatar} name={info.Name} size={isSmall ? 30 : 34} />
      </button>
    </Dropdown>
  );
}
