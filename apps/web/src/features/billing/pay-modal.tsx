/**
 * The pay modal of spec sections 2 and 4: opens → the order is created → its QR is shown
 * (inside WeChat the JS payment is started instead) → the order is polled while the modal
 * is open → paid: the success message, the callback, close. The caller says how to create
 * the order and what running out of polls means (charges: the QR expires; VIP: timed out).
 */
import type { Order } from '@jq/contract';
import { Button, Modal, QRCode, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { billing } from '../../locales/zh-CN/billing';
import { isWechatBrowser } from '../../shared/browser/wechat-browser';
import { useFeedback } from '../../shared/feedback/feedback';
import type { ClientType, OrderCheckPath } from './api';
import { useOrderPoll } from './use-order-poll';
import { payInWechat } from './wechat-pay';

export interface PayModalProps {
  isOpen: boolean;
  title: string;
  createOrder(clienttp: ClientType): Promise<Order>;
  checkPath: OrderCheckPath;
  intervalMs: number;
  maxPolls: number;
  successText: string;
  /** Shown when the order cannot be created. */
  failText: string;
  /** 'expire': the QR is marked expired with a re-order button; 'close': `timeoutText` and close. */
  onTimeoutMode: 'expire' | 'close';
  timeoutText?: string;
  onPaid(): void;
  onClose(): void;
  /** Above the QR: what is being bought. */
  children?: ReactNode;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * The sandbox page on this site: the link is for the browser showing the modal, which
 * reaches the site it is on even where the QR's PUBLIC_URL address does not.
 */
export function sandboxLink(code: string): string {
  try {
    const url = new URL(code, window.location.href);
    return `${url.pathname}${url.search}`;
  } catch {
    return code;
  }
}

export function PayModal(props: PayModalProps) {
  const { message } = useFeedback();
  const [order, setOrder] = useState<Order | null>(null);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'expired'>('loading');
  const [round, setRound] = useState(0);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `round` (re-order) makes a new order.
  useEffect(() => {
    setOrder(null);
    if (!props.isOpen) return;
    let isCancelled = false;
    setPhase('loading');
    const clienttp: ClientType = isWechatBrowser() ? 'wechat' : 'qrcode';
    latest.current
      .createOrder(clienttp)
      .then(async (created) => {
        if (isCancelled) return;
        setOrder(created);
        setPhase('ready');
        if (created.payJsConfig && (await payInWechat(created.payJsConfig)) !== 'ok') {
          void message.info(billing.wechatCancelled);
        }
      })
      .catch(() => {
        if (isCancelled) return;
        void message.error(latest.current.failText);
        latest.current.onClose();
      });
    return () => {
      isCancelled = true;
    };
  }, [props.isOpen, round, message]);

  const polls = useOrderPoll(props.isOpen && phase === 'ready' && order ? order.orderno : null, {
    path: props.checkPath,
    intervalMs: props.intervalMs,
    max: props.maxPolls,
    onPaid: () => {
      void message.success(latest.current.successText);
      latest.current.onPaid();
      latest.current.onClose();
    },
    onTimeout: () => {
      if (latest.current.onTimeoutMode === 'expire') {
        setPhase('expired');
        return;
      }
      void message.error(latest.current.timeoutText ?? billing.vipTimeout);
      latest.current.onClose();
    },
  });

  const isSandbox = order?.paycfg.provider === 'sandbox';
  return (
    <Modal
      open={props.isOpen}
      title={props.title}
      footer={null}
      onCancel={props.onClose}
      width={380}
      destroyOnHidden
    >
      <div className="jq-pay" data-testid="pay-modal">
        {props.children}
        {phase === 'loading' || !order ? (
          <Spin className="jq-pay-spin" />
        ) : (
          <>
            <div className="jq-pay-amount">{billing.amount(yuan(order.paycfg.amount))}</div>
            {order.paycfg.listAmount !== order.paycfg.amount && (
              <div className="jq-pay-list">{billing.originalPrice(yuan(order.paycfg.listAmount))}</div>
            )}
            <Typography.Text type="secondary">{order.paycfg.description}</Typography.Text>
            {order.payJsConfig ? (
              <p>{billing.wechatPaying}</p>
            ) : (
              <QRCode
                value={order.code}
                size={200}
                status={phase === 'expired' ? 'expired' : 'active'}
                onRefresh={() => setRound((n) => n + 1)}
              />
            )}
            {phase === 'expired' ? (
              <Button type="primary" onClick={() => setRound((n) => n + 1)}>
                {billing.reorder}
              </Button>
            ) : (
              <Typography.Text type="secondary" data-polls={polls}>
                {isSandbox ? billing.sandboxHint : billing.scanHint}
              </Typography.Text>
            )}
            {isSandbox && phase !== 'expired' && (
              <a href={sandboxLink(order.code)} target="_blank" rel="noreferrer">
                {billing.openPayPage}
              </a>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
