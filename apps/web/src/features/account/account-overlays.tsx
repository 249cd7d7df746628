/**
 * The account's global overlays (spec section 2): login modal, need-login popup, the
 * business-card dialog and billing's pay and VIP modals, plus the once-per-load start
 * (version, client id, status, WeChat) and the notices the route guard raises before any
 * page is shown.
 */
import { LIMITS } from '@jq/contract';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BillingOverlays } from '../billing/billing-overlays';
import { AuthDialogSlot } from './auth-dialog-slot';
import { startAccount } from './bootstrap';
import { needsFullPageLoad } from './guard';
import { LoginModal } from './login-modal';
import { NeedLoginModal } from './need-login-modal';
import { listenAccountNotices } from './notices';

export function AccountOverlays() {
  const { notification, message } = App.useApp();
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

  return (
    <>
      <LoginModal />
      <NeedLoginModal />
      <AuthDialogSlot />
      <BillingOverlays />
    </>
  );
}
