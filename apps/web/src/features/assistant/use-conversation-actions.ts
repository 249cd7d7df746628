/** Sharing (link copied) and deleting (after confirmation) a conversation, from any list. */
import { useQueryClient } from '@tanstack/react-query';

import { assistant } from '../../locales/zh-CN/assistant';
import { useFeedback } from '../../shared/feedback/feedback';
import { deleteChat, shareChat } from './api';
import { assistantKeys } from './queries';

export function useConversationActions() {
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();

  const share = async (chatuuid: string) => {
    try {
      const shared = await shareChat(chatuuid);
      const url = new URL(shared.url, window.location.origin).href;
      await navigator.clipboard.writeText(url).then(
        () => void message.success(assistant.shareCopied),
        () => void modal.info({ title: assistant.share, content: url }),
      );
    } catch {
      void message.error(assistant.shareFailed);
    }
  };

  const confirmDelete = (chatuuid: string, onDeleted?: () => void) => {
    void modal.confirm({
      title: assistant.deleteConfirmTitle,
      content: assistant.deleteConfirm,
      okText: assistant.deleteOk,
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as { danger: boolean },
      cancelText: assistant.cancel,
      onOk: async () => {
        try {
          await deleteChat(chatuuid);
          void message.success(assistant.deleted);
          await queryClient.invalidateQueries({ queryKey: assistantKeys.lists });
          onDeleted?.();
        } catch {
          void message.error(assistant.deleteFailed);
        }
      },
    });
  };

  return { share, confirmDelete };
}
