/**
 * Where the global pay and VIP modals plug into the app's overlays (mounted once, beside the
 * login modal). The modals load on first open; the `vipPaySuccess` listener is always on:
 * it refreshes billing's queries and calls `onVipPaid`, where the account reloads the
 * user's info and status, so isvip and the expiry show at once everywhere.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useBillingStore, VIP_PAY_SUCCESS_EVENT } from './billing-store';

const GlobalPayModals = lazy(() => import('./global-pay-modals'));

export interface BillingOverlaysProps {
  /** After a VIP order is paid: read the membership back (the profile and the status). */
  onVipPaid(): void;
}

export function BillingOverlays({ onVipPaid }: BillingOverlaysProps) {
  const queryClient = useQueryClient();
  const isAnyOpen = useBillingStore((state) => state.pay !== null || state.isVipOpen);
  // Stays mounted after the first open, so closing animates and state survives.
  const [isLoaded, setIsLoaded] = useState(false);
  useEffect(() => {
    if (isAnyOpen) setIsLoaded(true);
  }, [isAnyOpen]);

  useEffect(() => {
    const onPaid = () => {
      onVipPaid();
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
    };
    window.addEventListener(VIP_PAY_SUCCESS_EVENT, onPaid);
    return () => window.removeEventListener(VIP_PAY_SUCCESS_EVENT, onPaid);
  }, [queryClient, onVipPaid]);

  if (!isLoaded && !isAnyOpen) return null;
  return (
    <Suspense fallback={null}>
      <GlobalPayModals />
    </Suspense>
  );
}
