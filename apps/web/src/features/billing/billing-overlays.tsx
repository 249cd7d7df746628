/**
 * Where the global pay and VIP modals plug into the app's overlays (mounted once, beside the
 * login modal). The modals load on first open; the `vipPaySuccess` listener is always on
 * and reloads the user's info and status, so isvip and the expiry show at once everywhere.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useUserStore } from '../../shared/stores/user-store';
import { getUserInfo } from '../account/api';
import { refreshStatus } from '../account/session';
import { useBillingStore, VIP_PAY_SUCCESS_EVENT } from './billing-store';

const GlobalPayModals = lazy(() => import('./global-pay-modals'));

/** Reads the paid-for membership back: the profile and the status (isvip, exptime). */
export async function reloadUserAfterVip(): Promise<void> {
  try {
    useUserStore.getState().setInfo(await getUserInfo());
  } catch {
    // The next profile refresh picks it up; the status below still shows the membership.
  }
  await refreshStatus();
}

export function BillingOverlays() {
  const queryClient = useQueryClient();
  const isAnyOpen = useBillingStore((state) => state.pay !== null || state.isVipOpen);
  // Stays mounted after the first open, so closing animates and state survives.
  const [isLoaded, setIsLoaded] = useState(false);
  useEffect(() => {
    if (isAnyOpen) setIsLoaded(true);
  }, [isAnyOpen]);

  useEffect(() => {
    const onVipPaid = () => {
      void reloadUserAfterVip();
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
    };
    window.addEventListener(VIP_PAY_SUCCESS_EVENT, onVipPaid);
    return () => window.removeEventListener(VIP_PAY_SUCCESS_EVENT, onVipPaid);
  }, [queryClient]);

  if (!isLoaded && !isAnyOpen) return null;
  return (
    <Suspense fallback={null}>
      <GlobalPayModals />
    </Suspense>
  );
}
