/**
 * A link that follows the spec's link rules (link-rules.ts): in-app paths open in the app,
 * external links open in a new tab with noopener, dropped links render as plain text, and
 * a signed-out visitor clicking a non-whitelisted link gets the need-login prompt.
 */
import type { MouseEvent, ReactNode } from 'react';
import { useAppNavigate } from '../navigation/use-app-navigate';
import { useUserStore } from '../stores/user-store';
import { isWhitelisted, resolveLink } from './link-rules';

export interface SafeLinkProps {
  href: string | null | undefined;
  children: ReactNode;
  className?: string;
  title?: string;
  'data-testid'?: string;
}

function isModifiedClick(event: MouseEvent) {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

export function SafeLink({ href, children, className, title, ...rest }: SafeLinkProps) {
  const navigate = useAppNavigate();
  const isSignedIn = useUserStore((state) => state.info !== null);
  const openNeedLogin = useUserStore((state) => state.openNeedLogin);
  const target = resolveLink(href);
  if (target.kind === 'dropped') {
    return (
      <span className={className} data-link="dropped">
        {children}
      </span>
    );
  }
  const needsLogin = !isSignedIn && !isWhitelisted(target);
  if (target.kind === 'internal') {
    return (
      <a
        href={target.path}
        className={className}
        title={title}
        data-link="internal"
        data-testid={rest['data-testid']}
        onClick={(event) => {
          if (!needsLogin && isModifiedClick(event)) return;
          event.preventDefault();
          if (needsLogin) openNeedLogin();
          else navigate(target.path);
        }}
      >
        {children}
      </a>
    );
  }
  return (
    <a
      href={target.href}
      className={className}
      title={title}
      target="_blank"
      rel="noopener noreferrer"
      data-link="external"
      data-testid={rest['data-testid']}
      onClick={(event) => {
        if (!needsLogin) return;
        event.preventDefault();
        openNeedLogin();
      }}
    >
      {children}
    </a>
  );
}
