/**
 * What the feedback provider (feedback.tsx) loads when first needed: antd's message and
 * notification hooks (the toasts host, also fetched once the browser is idle after the
 * first page) and the confirm dialogs (the modal host, on the first dialog).
 */
import { Modal, message, notification } from 'antd';
import { useEffect } from 'react';
import type { FeedbackCall } from './feedback';

type Take = (handle: (call: FeedbackCall) => void) => void;

function invoke(api: object, call: FeedbackCall) {
  const method = (api as Record<string, unknown>)[call.method];
  if (typeof method === 'function') method.apply(api, call.args);
}

export function ToastsHost({ take }: { take: Take }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  useEffect(
    () => take((call) => invoke(call.target === 'message' ? messageApi : notificationApi, call)),
    [messageApi, notificationApi, take],
  );
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}

export function ModalHost({ take }: { take: Take }) {
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => take((call) => invoke(modalApi, call)), [modalApi, take]);
  return modalHolder;
}
