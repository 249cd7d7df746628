/**
 * Where the business-card verification dialog (features/verification, another area)
 * plugs into the account overlays. Loaded on first open, so the dialog's cropper and
 * chat stay out of the first page load. A finished verification (`authSuccess`) reloads
 * the profile, so the verified mark shows at once.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useUserStore } from '../../shared/stores/user-store';
import { AUTH_SUCCESS_EVENT } from '../verification/use-auth-chat';
import { getUserInfo } from './api';
import { refreshStatus } from './session';

const AuthDialog = lazy(async () => ({ default: (await import('../verification/auth-dialog')).AuthDialog }));

async function reloadVerifiedUser(): Promise<void> {
  try {
    useUserStore.getState().setInfo(await getUserInfo());
  } catch {
    // The next profile refresh picks it up.
  }
  await refreshStatus();
}

export function AuthDialogSlot() {
  const isOpen = useUserStore((state) => state.isAuthDialogOpen);
  const close = useUserStore((state) => state.closeAuthDialog);

  useEffect(() => {
    const onSuccess = () => void reloadVerifiedUser();
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
