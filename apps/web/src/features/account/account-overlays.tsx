/**
 * The account's global overlays (spec section 2): login modal, need-login popup, the
 * business-card dialog and billing's pay and VIP modals, plus the once-per-load start
 * (version, client id, status, WeChat) and the notices the route guard raises before any
 * page is shown.
 */
import { LIMITS } from '@jq/contract';

import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useFeedback } from '../../shared/feedback/feedback';
import { useHasOpened } from '../../shared/hooks/use-has-opened';
import { useUserStore } from '../../shared/stores/user-store';
import { BillingOverlays } from '../billing';
import { AuthDialogSlot } from './auth-dialog-slot';
import { startAccount } from './bootstrap';
import { needsFullPageLoad } from './guard';
import { listenAccountNotices } from './notices';
import { reloadUser } from './reload-user';

// The modals load on first open, so a visitor's first page does not download the forms.
const LoginModal = lazy(async () => ({ default: (await import('./login-modal')).LoginModal }));
const NeedLoginModal = lazy(async () => ({ default: (await import('./need-login-modal')).NeedLoginModal }));

/** A paid VIP order changes the user: read them back (isvip, expiry). */
const reloadAfterVip = () => void reloadUser();

export function AccountOverlays() {
  const { notification, message } = useFeedback();
  const navigate = useNavigate();

  useEffect(
    () =>
      listenAccountNotices((notice) => {
        if (notice.kind === 'success' && !notice.description) void message.success(notice.title);
        else
          notification[notice.kind]({
            key: `account-${notice.title}`,
            title: notice.title,
            description: notice.description,
            duration: notice.seconds ?? LIMITS.notificationSeconds,
          });
        if (notice.goTo) void navigate(notice.goTo);
      }),
    [notification, message, navigate],
  );

  const location = useLocation();
  const startedAt = useRef(location);
  useEffect(() => {
    void startAccount(startedAt.current, (to) => void navigate(to, { replace: true }));
  }, [navigate]);

  // iPhones in WeChat sign JS-SDK calls against the landing URL: each new page is a real load.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    const previous = shownPath.current;
    shownPath.current = location.pathname;
    if (needsFullPageLoad(navigator.userAgent, false, location.pathname, previous)) window.location.reload();
  }, [location.pathname]);

  const isLoginOpen = useHasOpened(useUserStore((state) => state.loginModal.isOpen));
  const isNeedLoginOpen = useHasOpened(useUserStore((state) => state.isNeedLoginOpen));

  return (
    <>
      <Suspense fallback={null}>
        {isLoginOpen && <LoginModal />}
        {isNeedLoginOpen && <NeedLoginModal />}
      </Suspense>
      <AuthDialogSlot />
      <BillingOverlays onVipPaid={reloadAfterVip} />
    </>
  );
}
