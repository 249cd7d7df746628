/**
 * The pay modal of spec sections 2 and 4: opens → the order is created → its QR is shown
 * (inside WeChat the JS payment is started instead) → the order is polled while the modal
 * is open → paid: the success message, the callback, close. The caller says how to create
 * the order and what running out of polls means (charges: the QR expires; VIP: timed out).
 *
 * Around that: a countdown to the end of the wait (the polls left, or the order's own
 * expiry if sooner), a 我已支付 button that checks at once, and on a phone a pay button
 * instead of a QR the phone would have to scan itself (在微信中支付 inside WeChat, 打开支付页
 * for the sandbox; the QR stays one tap away for paying from another device). The sandbox
 * is named in a small notice under the controls.
 */
import type { Order } from '@jq/contract';
import { Button, Modal, QRCode, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { billing } from '../../locales/zh-CN/billing';
import { isWechatBrowser } from '../../shared/browser/wechat-browser';
import { useFeedback } from '../../shared/feedback/feedback';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
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
 * reaches the site it is on even where the QR's PUBLIC_URL address does not. It keeps the
 * QR's query, the single-use token that lets a signed-out phone open and confirm the order.
 */
export function sandboxLink(code: string): string {
  try {
    const url = new URL(code, window.location.href);
    return `${url.pathname}${url.search}`;
  } catch {
    return code;
  }
}

/**
 * When the modal stops waiting for this order: after its last poll, or at the order's own
 * expiry if that comes first. `startedAt` is when the order was shown.
 */
export function payDeadline(
  startedAt: number,
  props: { intervalMs: number; maxPolls: number },
  expiresAt: string,
): number {
  const pollsEnd = startedAt + props.intervalMs * props.maxPolls;
  const expiry = Date.parse(expiresAt);
  return Number.isFinite(expiry) ? Math.min(pollsEnd, expiry) : pollsEnd;
}

/** 150 000 ms → "02:30"; never below 00:00. */
export function countdownText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  return `${mm}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A phone or a touch tablet: a QR on its own screen cannot be scanned by it. */
function useIsPhone(): boolean {
  const { isSmall, isMobile } = useBreakpoint();
  const isCoarse = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  return isSmall || (isMobile && isCoarse);
}

function Countdown({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = deadline - now;
  return (
    <div
      className="jq-pay-countdown"
      data-testid="pay-countdown"
      data-seconds={Math.max(0, Math.ceil(left / 1000))}
    >
      {billing.countdown} <strong>{countdownText(left)}</strong>
    </div>
  );
}

export function PayModal(props: PayModalProps) {
  const { message } = useFeedback();
  const isPhone = useIsPhone();
  const [order, setOrder] = useState<Order | null>(null);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'expired'>('loading');
  const [deadline, setDeadline] = useState(0);
  const [round, setRound] = useState(0);
  const [isChecking, setIsChecking] = useState(false);
  const [isQrShown, setIsQrShown] = useState(false);
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
        setDeadline(payDeadline(Date.now(), latest.current, created.paycfg.expiresAt));
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

  const poll = useOrderPoll(props.isOpen && phase === 'ready' && order ? order.orderno : null, {
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

  /** 我已支付: paid runs the same ending as a poll; otherwise say what the check found. */
  const checkNow = async () => {
    setIsChecking(true);
    const answer = await poll.checkNow();
    setIsChecking(false);
    if (answer === 0) void message.warning(billing.notPaidYet);
    else if (answer === null && phase === 'ready') void message.error(billing.checkFailed);
  };

  const reorder = () => {
    setIsQrShown(false);
    setRound((n) => n + 1);
  };

  const copyPageLink = () => {
    void navigator.clipboard?.writeText(window.location.href).then(() => message.success(billing.linkCopied));
  };

  const isSandbox = order?.paycfg.provider === 'sandbox';
  const isExpired = phase === 'expired';

  /** The QR, with the state it is in (expired: a refresh that makes a new order). */
  const qr = order && (
    <QRCode
      value={order.code}
      size={isPhone ? 160 : 200}
      status={isExpired ? 'expired' : 'active'}
      onRefresh={reorder}
    />
  );

  /** How to pay: JSAPI inside WeChat; on a phone a button (the QR folded away); else the QR. */
  const payControls = (current: Order) => {
    if (current.payJsConfig) {
      const config = current.payJsConfig;
      return (
        <Button
          type="primary"
          size="large"
          block
          disabled={isExpired}
          onClick={() =>
            void payInWechat(config).then((result) => {
              if (result !== 'ok') void message.info(billing.wechatCancelled);
            })
          }
          data-testid="pay-open"
        >
          {billing.payInWechat}
        </Button>
      );
    }
    if (!isPhone) {
      return (
        <>
          {qr}
          {!isExpired && (
            <Typography.Text type="secondary" data-polls={poll.polls}>
              {isSandbox ? billing.sandboxScanHint : billing.scanHint}
            </Typography.Text>
          )}
        </>
      );
    }
    return (
      <>
        {isSandbox ? (
          <Button
            type="primary"
            size="large"
            block
            href={sandboxLink(current.code)}
            target="_blank"
            rel="noreferrer"
            disabled={isExpired}
            data-testid="pay-open"
          >
            {billing.openPayPage}
          </Button>
        ) : (
          <>
            <Typography.Text type="secondary">{billing.openInWechat}</Typography.Text>
            <Button size="large" block onClick={copyPageLink} data-testid="pay-copy-link">
              {billing.copyPageLink}
            </Button>
          </>
        )}
        {isQrShown || isExpired ? (
          qr
        ) : (
          <Button type="link" size="small" onClick={() => setIsQrShown(true)} data-testid="pay-show-qr">
            {billing.scanWithOther}
          </Button>
        )}
      </>
    );
  };

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
            {payControls(order)}
            {isExpired ? (
              <Button type="primary" onClick={reorder}>
                {billing.reorder}
              </Button>
            ) : (
              <>
                <Countdown key={deadline} deadline={deadline} />
                <Button block loading={isChecking} onClick={() => void checkNow()} data-testid="pay-check">
                  {billing.checkPaid}
                </Button>
              </>
            )}
            {isSandbox && (
              <div className="jq-pay-sandbox" role="note" data-testid="pay-sandbox-note">
                {billing.sandboxNote}
                {!isPhone && !isExpired && (
                  <>
                    {' · '}
                    <a href={sandboxLink(order.code)} target="_blank" rel="noreferrer">
                      {billing.openPayPage}
                    </a>
                  </>
                )}
              </div>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
