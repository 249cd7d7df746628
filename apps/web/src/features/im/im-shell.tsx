/**
 * What messaging puts on every page, kept out of the first load: the session and its
 * notifications (im-session.tsx) load only once a user with messaging credentials is
 * signed in, the header's unread badge (header-messages.tsx) once anyone is signed in, and
 * the "私信" button a person's page shows loads with it. A visitor downloads none of it.
 */
import { lazy, Suspense } from 'react';
import { useUserStore } from '../../shared/stores/user-store';
import type { MessageButtonProps } from './message-button';

const ImSession = lazy(() => import('./im-session'));
const LazyHeaderMessages = lazy(() => import('./header-messages'));
const LazyMessageButton = lazy(async () => ({ default: (await import('./message-button')).MessageButton }));

export function ImShell() {
  const hasCredentials = useUserStore((state) => Boolean(state.info?.imUid && state.info.imSign));
  if (!hasCredentials) return null;
  return (
    <Suspense fallback={null}>
      <ImSession />
    </Suspense>
  );
}

/** The header's entry to messaging with the unread count (spec section 9: 99+). */
export function HeaderMessages() {
  const isSignedIn = useUserStore((state) => state.info !== null);
  if (!isSignedIn) return null;
  // The placeholder holds the button's place, so the header does not shift when it arrives.
  return (
    <Suspense fallback={<span className="jq-header-messages-placeholder" aria-hidden />}>
      <LazyHeaderMessages />
    </Suspense>
  );
}

/** "私信" on a person's page: opens the private chat (loads on first render). */
export function MessageButton(props: MessageButtonProps) {
  return (
    <Suspense fallback={null}>
      <LazyMessageButton {...props} />
    </Suspense>
  );
}
