/**
 * Messaging's session on every page while a user with messaging credentials is signed in
 * (spec section 4 — signed in when the page is visible and the user has imUid and imSign,
 * signed out when the page is hidden away (pagehide), unloaded, or the user logs out; the
 * same sign-in twice is skipped), and the new-private-message notification. Loaded by the
 * shell (im-shell.tsx) only once such a user is signed in.
 */
import { MessageOutlined } from '@ant-design/icons';
import { LIMITS, messages } from '@jq/contract';

import { useEffect } from 'react';
import { showSystemNotification } from '../../shared/browser/pwa';
import { useFeedback } from '../../shared/feedback/feedback';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { useUserStore } from '../../shared/stores/user-store';
import { chatPath } from './chat-path';
import { useImStore } from './im-store';
import { setNotifier, startSession, stopSession } from './session';

export default function ImSession() {
  const info = useUserStore((state) => state.info);
  const { notification } = useFeedback();
  const navigate = useAppNavigate();
  const uid = info?.imUid ?? '';
  const sign = info?.imSign ?? '';

  useEffect(() => {
    setNotifier((conv) => {
      const open = () => {
        notification.destroy(`im-${conv}`);
        navigate(chatPath(conv));
      };
      if (document.visibilityState === 'hidden') {
        void showSystemNotification(
          messages.newMessageTitle,
          messages.newMessageDesc,
          chatPath(conv),
          `im-${conv}`,
        );
      }
      notification.info({
        key: `im-${conv}`,
        title: messages.newMessageTitle,
        description: messages.newMessageDesc,
        duration: LIMITS.notificationSeconds,
        icon: <MessageOutlined />,
        className: 'jq-im-notice',
        onClick: open,
        props: { role: 'alert', 'data-testid': 'im-notification' } as object,
      });
    });
  }, [notification, navigate]);

  useEffect(() => {
    if (!uid || !sign) {
      stopSession();
      useImStore.getState().reset();
      return;
    }
    const signIn = () => {
      if (document.visibilityState === 'visible') startSession({ uid, sign });
    };
    const onPageShow = () => signIn();
    const onPageHide = () => stopSession();
    signIn();
    document.addEventListener('visibilitychange', signIn);
    window.addEventListener('pageshow', onPageShow);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', signIn);
      window.removeEventListener('pageshow', onPageShow);
      window.removeEventListener('pagehide', onPageHide);
      // Signed out, or another user: this session ends (the shell unmounts this when signed out).
      stopSession();
      useImStore.getState().reset();
    };
  }, [uid, sign]);

  return null;
}
