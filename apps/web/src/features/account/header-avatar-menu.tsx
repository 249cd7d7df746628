/**
 * The signed-in user's avatar in the header, with its menu (个人中心, 算力中心, 退出登录); loaded once
 * a user is signed in (header-account.tsx), so a visitor's first load has no dropdown code.
 */
import { LogoutOutlined, ThunderboltOutlined, UserOutlined } from '@ant-design/icons';
import { DEFAULT_PRODUCT } from '@jq/contract';
import { Dropdown, type MenuProps } from 'antd';
import { account } from '../../locales/zh-CN/account';
import { UserAvatar } from '../../shared/components/user-avatar';
import { useFeedback } from '../../shared/feedback/feedback';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import type { UserInfo } from '../../shared/stores/user-store';
import { avatarTarget } from './paths';
import { signOut } from './session';

/** `size`: the avatar's, which the header's placeholder had while this loaded (header-account.tsx). */
export default function HeaderAvatarMenu({ info, size }: { info: UserInfo; size: number }) {
  const { isMobile } = useBreakpoint();
  const navigate = useAppNavigate();
  const { message } = useFeedback();
  const target = avatarTarget(info);
  const logout = async () => {
    await signOut().catch(() => {});
    void message.success(account.loggedOut);
    // A full load: no page of the signed-out user keeps the previous user's state.
    window.location.assign('/');
  };
  const items: MenuProps['items'] = [
    { key: 'user', icon: <UserOutlined />, label: account.userCentre, onClick: () => navigate(target) },
    {
      key: 'power',
      icon: <ThunderboltOutlined />,
      label: account.powerCentre,
      onClick: () => navigate(`/${DEFAULT_PRODUCT}/power`),
    },
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
        <UserAvatar src={info.Avatar} name={info.Name} size={size} />
      </button>
    </Dropdown>
  );
}
