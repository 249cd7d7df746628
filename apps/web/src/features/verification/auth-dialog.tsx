/**
 * The business-card authorisation dialog (spec sections 2 and 4): card upload, then the
 * streamed verification dialogue. It resumes from the stored history when reopened, cannot
 * be closed while the answers are being checked, and fires `authSuccess` on the window when
 * the user is verified. Mounted by the app's global overlays: `<AuthDialog open onClose />`.
 */
import type { VerificationState } from '@jq/contract';
import { Button, Flex, Modal, Result, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { verification as t } from '../../locales/zh-CN/verification';
import { useFeedback } from '../../shared/feedback/feedback';
import { fetchAuthHistory } from './api';
import { AuthChatView } from './auth-chat';
import { CardUpload } from './card-upload';
import { useAuthChat } from './use-auth-chat';

export interface AuthDialogProps {
  open: boolean;
  onClose(): void;
  /** Opens AI chat with a question; defaults to /homechat?q=… */
  onHomeQuery?(query: string): void;
}

const NEEDS_CARD: VerificationState[] = ['none', 'cancelled', 'rejected'];

export function AuthDialog({ open, onClose, onHomeQuery }: AuthDialogProps) {
  const { message } = useFeedback();
  const chat = useAuthChat();
  const [isLoading, setIsLoading] = useState(false);
  const [isUploading, setIsUploading] = useState(false);
  const [lastState, setLastState] = useState<VerificationState>('none');
  const { reset, send } = chat;

  const load = useCallback(async () => {
    setIsLoading(true);
    try {
      const history = await fetchAuthHistory();
      reset(history.list, history.state);
      setLastState(history.state);
      const hasAssistant = history.list.some((m) => m.role === 'assistant');
      // A submitted card not yet talked about, or a decision cut off: continue the dialogue.
      if ((history.state === 'dialogue' && !hasAssistant) || history.state === 'deciding') {
        send(history.cardurl, 'image_url');
      }
      setIsUploading(NEEDS_CARD.includes(history.state));
    } catch {
      message.error(t.loadFailed);
    } finally {
      setIsLoading(false);
    }
  }, [message, reset, send]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const goHomeChat = (query: string) => {
    if (onHomeQuery) onHomeQuery(query);
    else window.location.assign(`/homechat?q=${encodeURIComponent(query)}`);
    if (!chat.isWaiting) onClose();
  };

  const startDialogue = (cardurl: string) => {
    setIsUploading(false);
    reset([], 'dialogue');
    send(cardurl, 'image_url');
  };

  const isClosable = !chat.isWaiting;
  const state = chat.state === 'none' ? lastState : chat.state;

  return (
    <Modal
      open={open}
      title={t.title}
      footer={null}
      width={560}
      closable={isClosable}
      mask={{ closable: isClosable }}
      keyboard={isClosable}
      onCancel={() => isClosable && onClose()}
      destroyOnHidden
    >
      <div data-testid="auth-dialog">
        {isLoading ? (
          <Flex justify="center" style={{ padding: 32 }}>
            <Spin />
          </Flex>
        ) : isUploading ? (
          <>
            {state === 'rejected' && <Typography.Text type="warning">{t.rejectedNote}</Typography.Text>}
            <CardUpload
              onSubmitted={startDialogue}
              onError={(text) => message.error(text)}
              onSuccess={(text) => message.success(text)}
            />
          </>
        ) : (
          <Flex vertical gap={12}>
            <AuthChatView
              chat={chat}
              onHomeQuery={goHomeChat}
              onTooFast={() => message.warning(t.sendTooFast)}
            />
            {state === 'verified' && !chat.isStreaming && <Result status="success" title={t.verifiedNote} />}
            {state === 'pending' && !chat.isStreaming && (
              <Typography.Text type="secondary">{t.pendingNote}</Typography.Text>
            )}
            {NEEDS_CARD.includes(state) && !chat.isStreaming && (
              <Button onClick={() => setIsUploading(true)} data-testid="auth-reupload">
                {t.reupload}
              </Button>
            )}
          </Flex>
        )}
      </div>
    </Modal>
  );
}
