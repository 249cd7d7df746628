/**
 * The one user avatar (spec section 5): the image; if it is missing or fails to load, the
 * first character of the name; without a name, the default avatar.
 *
 * The initial is a plain element in antd's avatar look (user-avatar.css), not antd's Avatar:
 * that one renders text twice and measures it after mounting (a forced layout per list of
 * cards) to shrink text too wide for the circle, and a single character always fits.
 */
import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { useState } from 'react';
import './user-avatar.css';

export interface UserAvatarProps {
  src?: string | null;
  name?: string | null;
  /** Width and height in px. */
  size?: number;
  className?: string;
}

/** The character shown instead of a picture: the name's first, upper-cased for Latin names. */
export function avatarInitial(name: string | null | undefined): string {
  const first = Array.from((name ?? '').trim())[0];
  return first ? first.toUpperCase() : '';
}

/**
 * Only this site's files and https images are loaded: a protocol-relative or plain-http
 * address would tell an outside server who looks at the page (the server refuses them too).
 */
export function isShownImage(src: string | null | undefined): src is string {
  if (!src || /[\s\\]/.test(src)) return false;
  if (src.startsWith('/')) return !src.startsWith('//');
  return src.startsWith('https://');
}

export function UserAvatar({ src: given, name, size = 32, className }: UserAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = isShownImage(given) ? given : null;
  const initial = avatarInitial(name);
  const label = name?.trim() || undefined;
  const common = { size, className, 'aria-label': label, 'data-testid': 'user-avatar' } as const;

  if (src && src !== failedSrc) {
    return (
      <Avatar
        {...common}
        src={src}
        alt={label}
        data-avatar="image"
        onError={() => {
          setFailedSrc(src);
          // Handled here: render the fallback ourselves instead of antd's.
          return false;
        }}
      />
    );
  }
  if (initial) {
    return (
      <span
        className={className ? `jq-avatar-initial ${className}` : 'jq-avatar-initial'}
        style={{ width: size, height: size }}
        role="img"
        aria-label={label}
        data-testid="user-avatar"
        data-avatar="initial"
      >
        {initial}
      </span>
    );
  }
  return <Avatar {...common} data-avatar="default" icon={<UserOutlined />} />;
}
