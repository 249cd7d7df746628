/**
 * The signed-in user's avatar in the header, as a button. The header shows it at once; the
 * menu (header-avatar-menu.tsx, antd's Dropdown) wraps it from the first hover, focus or tap,
 * passing its own handlers through `rest`.
 */
import type { ButtonHTMLAttributes } from 'react';
import { account } from '../../locales/zh-CN/account';
import { UserAvatar } from '../../shared/components/user-avatar';
import type { UserInfo } from '../../shared/stores/user-store';

interface HeaderAvatarButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  info: UserInfo;
  /** Width and height in px (30 on small screens, 34 elsewhere). */
  size: number;
}

export function HeaderAvatarButton({ info, size, className, ...rest }: HeaderAvatarButtonProps) {
  return (
    <button
      type="button"
      aria-label={account.userCentre}
      data-testid="header-avatar"
      {...rest}
      // The Dropdown adds its classes (ant-dropdown-open…) to the button's own.
      className={className ? `jq-header-avatar ${className}` : 'jq-header-avatar'}
    >
      <UserAvatar src={info.Avatar} name={info.Name} size={size} />
    </button>
  );
}
