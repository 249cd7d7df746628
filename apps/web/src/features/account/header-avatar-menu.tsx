/**
 * The signed-in user's avatar in the header with its menu (个人中心, 算力中心, 退出登录): loaded on
 * the avatar's first hover, focus or tap (header-account.tsx), open at once if that was a hover
 * or a tap.
 */
import { LogoutOutlined, ThunderboltOutlined, UserOutlined } from '@ant-design/icons';
import { DEFAULT_PRODUCT } from '@jq/contract';
import { Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { account } from '../../locales/zh-CN/account';
import { useFeedback } from '../../shared/feedback/feedback';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import type { UserInfo } from '../../shared/stores/user-store';
import { HeaderAvatarButton } from './header-avatar-button';
import { avatarTarget } from './paths';
import { signOut } from './session';

export interface HeaderAvatarMenuProps {
  info: UserInfo;
  /** The avatar's size, as header-account.tsx showed it before this loaded. */
  size: number;
  /** Open on arrival: the avatar was hovered or tapped (on a phone) while this loaded. */
  defaultOpen: boolean;
}

export default function HeaderAvatarMenu({ info, size, defaultOpen }: HeaderAvatarMenuProps) {
  const { isMobile } = useBreakpoint();
  const [open, setOpen] = useState(defaultOpen);
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
    <Dropdown
      menu={{ items }}
      trigger={isMobile ? ['click'] : ['hover']}
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
    >
      <HeaderAvatarButton info={info} size={size} onClick={isMobile ? undefined : () => navigate(target)} />
    </Dropdown>
  );
}
