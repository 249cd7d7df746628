/**
 * The QR half of the login modal: the 200 px code of the URL GetLoginQrcode returns,
 * polled by useQrLogin; a failed or finished code can be refreshed.
 */
import { QRCode } from 'antd';
import { account } from '../../locales/zh-CN/account';
import { type QrFinal, useQrLogin } from './use-qr-login';

export const QR_SIZE = 200;

export interface QrLoginPanelProps {
  isActive: boolean;
  onFinish(outcome: QrFinal): void;
}

export function QrLoginPanel({ isActive, onFinish }: QrLoginPanelProps) {
  const qr = useQrLogin(isActive, onFinish);
  const status =
    qr.status === 'loading'
      ? 'loading'
      : qr.status === 'error'
        ? 'expired'
        : qr.scanned
          ? 'scanned'
          : 'active';
  return (
    <div className="jq-qr-panel" data-testid="qr-panel" data-qr-url={qr.url} data-polls={qr.polls}>
      <QRCode
        value={qr.url || '-'}
        size={QR_SIZE}
        status={status}
        onRefresh={qr.refresh}
        statusRender={
          qr.status === 'error'
            ? () => <QrFailed onRetry={qr.refresh} />
            : status === 'scanned'
              ? () => (
                  <div className="jq-qr-scanned" data-testid="qr-scanned">
                    {account.qrScanned}
                  </div>
                )
              : undefined
        }
        bordered={false}
        errorLevel="M"
      />
      <p className="jq-qr-hint">{account.qrHint}</p>
      <p className="jq-qr-sub">{account.qrHintSub}</p>
    </div>
  );
}

function QrFailed({ onRetry }: { onRetry(): void }) {
  return (
    <div className="jq-qr-failed">
      <span>{account.qrLoadFailed}</span>
      <button type="button" className="jq-link-button" onClick={onRetry}>
        {account.qrRefresh}
      </button>
    </div>
  );
}
