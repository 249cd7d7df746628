/**
 * Where the business-card verification dialog (features/verification, another area)
 * plugs into the account overlays. The dialog loads on first open (verification's index
 * exports it lazily). A finished verification (`authSuccess`) reloads the profile, so the
 * verified mark shows at once.
 */
import { Suspense, useEffect } from 'react';
import { useUserStore } from '../../shared/stores/user-store';
import { AUTH_SUCCESS_EVENT, AuthDialog } from '../verification';
import { reloadUser } from './reload-user';

export function AuthDialogSlot() {
  const isOpen = useUserStore((state) => state.isAuthDialogOpen);
  const close = useUserStore((state) => state.closeAuthDialog);

  useEffect(() => {
    const onSuccess = () => void reloadUser();
    window.addEventListener(AUTH_SUCCESS_EVENT, onSuccess);
    return () => window.removeEventListener(AUTH_SUCCESS_EVENT, onSuccess);
  }, []);

  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog open={isOpen} onClose={close} />
    </Suspense>
  );
}
