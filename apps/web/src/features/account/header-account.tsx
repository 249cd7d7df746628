/**
 * The header's account entry: 登录 for visitors (opens the login modal); for a signed-in
 * user the avatar, whose click follows spec section 2 (verified: user centre; otherwise
 * the registration flow), with a menu for 个人中心, 算力中心 and 退出登录.
 *
 * The menu's code (header-avatar-menu.tsx: antd's Dropdown and Menu, about 20 files) loads on
 * the first hover, focus or tap of the avatar, not with every page: on a phone's first load its
 * files and their evaluation cost more than the rest of the header.
 */
import { UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ComponentType, useRef, useState } from 'react';
import { common } from '../../locales/zh-CN/common';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { useUserStore } from '../../shared/stores/user-store';
import { HeaderAvatarButton } from './header-avatar-button';
import type { HeaderAvatarMenuProps } from './header-avatar-menu';
import { avatarTarget } from './paths';
import './account.css';

/** The loaded menu, and whether it opens on arrival (the avatar was hovered or tapped). */
interface LoadedMenu {
  Menu: ComponentType<HeaderAvatarMenuProps>;
  isOpen: boolean;
}

export function HeaderAccount() {
  const { isSmall, isMobile } = useBreakpoint();
  const info = useUserStore((state) => state.info);
  const openLogin = useUserStore((state) => state.openLogin);
  const navigate = useAppNavigate();
  const [menu, setMenu] = useState<LoadedMenu | null>(null);
  const wantsOpen = useRef<boolean | null>(null);
  const loadedMenu = useRef<LoadedMenu['Menu'] | null>(null);
  const isPressed = useRef(false);

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
  const avatarSize = isSmall ? 30 : 34;
  if (menu) return <menu.Menu info={info} size={avatarSize} defaultOpen={menu.isOpen} />;

  // The avatar stays this button until the menu's code is here, and is swapped for the menu's
  // only between presses, so a click is never split across the two.
  const swapIn = () => {
    if (loadedMenu.current && !isPressed.current) {
      setMenu({ Menu: loadedMenu.current, isOpen: wantsOpen.current ?? false });
    }
  };
  const want = (isOpen: boolean) => {
    const isFirst = wantsOpen.current === null;
    wantsOpen.current = (wantsOpen.current ?? false) || isOpen;
    if (!isFirst) return;
    void import('./header-avatar-menu').then(
      (loaded) => {
        loadedMenu.current = loaded.default;
        swapIn();
      },
      () => {
        // Offline or a deploy replaced the files: the avatar keeps working as a link.
        wantsOpen.current = null;
      },
    );
  };
  return (
    <HeaderAvatarButton
      info={info}
      size={avatarSize}
      onPointerEnter={(event) => {
        if (!isMobile && event.pointerType === 'mouse') want(true);
      }}
      onFocus={() => want(false)}
      onPointerDown={() => {
        isPressed.current = true;
      }}
      onPointerUp={() => {
        // After this press's click has run.
        setTimeout(() => {
          isPressed.current = false;
          swapIn();
        }, 0);
      }}
      onPointerCancel={() => {
        isPressed.current = false;
        swapIn();
      }}
      onClick={() => (isMobile ? want(true) : navigate(avatarTarget(info)))}
    />
  );
}
