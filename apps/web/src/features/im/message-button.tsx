/**
 * "私信" on a person's page (an investor, a project's contacts, a visitor): opens the
 * private chat with the platform account behind it, asking a signed-out visitor to sign in.
 */
import { MessageOutlined } from '@ant-design/icons';
import { isFeatureEnabled } from '@jq/contract';
import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useInRouterContext } from 'react-router';
import { im } from '../../locales/zh-CN/im';
import { ApiError } from '../../shared/api/client';
import { useFeedback } from '../../shared/feedback/feedback';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { useUserStore } from '../../shared/stores/user-store';
import { type PrivateTarget, startPrivateChat } from './api';
import { chatPath } from './chat-path';
import { useImStore } from './im-store';

export interface MessageButtonProps {
  target: PrivateTarget;
  size?: ButtonProps['size'];
  type?: ButtonProps['type'];
}

/** Nothing outside a router (nowhere to open the chat), or while messaging is off. */
export function MessageButton(props: MessageButtonProps) {
  return useInRouterContext() && isFeatureEnabled('im') ? <MessageButtonInRouter {...props} /> : null;
}

function MessageButtonInRouter({ target, size, type = 'default' }: MessageButtonProps) {
  const { message } = useFeedback();
  const navigate = useAppNavigate();
  const isSignedIn = useUserStore((state) => state.info !== null);
  const openLogin = useUserStore((state) => state.openLogin);
  const [isBusy, setBusy] = useState(false);

  const open = async () => {
    if (!isSignedIn) return openLogin();
    setBusy(true);
    try {
      const conversation = await startPrivateChat(target);
      useImStore.getState().setSummaries([conversation]);
      navigate(chatPath(conversation.id));
    } catch (error) {
      void message.info(error instanceof ApiError ? error.msg : im.messageFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size={size}
      type={type}
      icon={<MessageOutlined />}
      loading={isBusy}
      onClick={() => void open()}
      data-testid="message-button"
    >
      {im.message}
    </Button>
  );
}
