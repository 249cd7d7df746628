/** The notice a not-yet-enabled menu item or button gives instead of navigating (spec section 2). */
import { messages } from '@jq/contract';
import { App } from 'antd';
import { useCallback } from 'react';

export function useComingSoonNotice() {
  const { message } = App.useApp();
  return useCallback(
    (content: string = messages.comingSoon) => {
      // One key: repeated clicks refresh the notice instead of stacking copies.
      void message.info({ key: 'coming-soon', content, duration: 3 });
    },
    [message],
  );
}
