/**
 * The identity switch (investor or enterprise): the theme follows at once in this browser;
 * a signed-in user's choice is also saved to the account (SaveUserBaseInfo) so it follows
 * them to other devices.
 */
import type { Identity } from '@jq/contract';

import { useCallback } from 'react';
import { account } from '../../locales/zh-CN/account';
import { useFeedback } from '../../shared/feedback/feedback';
import { useSettingsStore } from '../../shared/stores/settings-store';
import { useUserStore } from '../../shared/stores/user-store';
import { saveUserBaseInfo } from './api';

export async function switchIdentity(identity: Identity): Promise<void> {
  useSettingsStore.getState().setIdentity(identity);
  const { info, setInfo } = useUserStore.getState();
  if (!info || info.identity === identity) return;
  await saveUserBaseInfo({ identity });
  setInfo({ ...info, identity });
}

export function useIdentitySwitch() {
  const { message } = useFeedback();
  return useCallback(
    (identity: Identity) => {
      switchIdentity(identity).catch(() => void message.warning(account.identitySaveFailed));
    },
    [message],
  );
}
