/** The notice a not-yet-enabled menu item or button gives instead of navigating (spec section 2). */
import { messages } from '@jq/contract';

import { useCallback } from 'react';
import { useFeedback } from '../feedback/feedback';

export function useComingSoonNotice() {
  const { message } = useFeedback();
  return useCallback(
    (content: string = messages.comingSoon) => {
      // One key: repeated clicks refresh the notice instead of stacking copies.
      void message.info({ key: 'coming-soon', content, duration: 3 });
    },
    [message],
  );
}
