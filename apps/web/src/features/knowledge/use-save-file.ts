/** Saving a square file into my base (unlocking it at its price), with the answer shown. */
import { useQueryClient } from '@tanstack/react-query';

import { knowledge } from '../../locales/zh-CN/knowledge';
import { useFeedback } from '../../shared/feedback/feedback';
import { isSignedIn, useUserStore } from '../../shared/stores/user-store';
import { saveOpenFile } from './api';
import { kbKeys } from './queries';

export function useSaveFile() {
  const { message } = useFeedback();
  const client = useQueryClient();
  const openLogin = useUserStore((s) => s.openLogin);
  return async (id: number) => {
    if (!isSignedIn()) {
      openLogin();
      return;
    }
    try {
      const result = await saveOpenFile(id);
      message.success(result.charged ? knowledge.unlockedOk(result.charged) : knowledge.savedOk);
      await client.invalidateQueries({ queryKey: kbKeys.all });
    } catch (error) {
      message.error(error instanceof Error ? error.message : knowledge.loadFailed);
    }
  };
}
