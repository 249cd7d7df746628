/**
 * Reads the signed-in user back after something changed them elsewhere (a paid VIP order,
 * a finished business-card verification): the profile, then the status (isvip, exptime,
 * the verified mark), so the change shows at once everywhere.
 */
import { useUserStore } from '../../shared/stores/user-store';
import { getUserInfo } from './api';
import { refreshStatus } from './session';

export async function reloadUser(): Promise<void> {
  try {
    useUserStore.getState().setInfo(await getUserInfo());
  } catch {
    // The next profile refresh picks it up; the status below still shows the change.
  }
  await refreshStatus();
}
