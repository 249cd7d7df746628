/**
 * /download (bare layout): there is no desktop client — its runtime downloads binaries at
 * install, which cannot be built here. The web app installs as an app instead (manifest and
 * service worker) and shows a notification for a new private message.
 */
import { BellOutlined, DesktopOutlined, MessageOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { common } from '../../locales/zh-CN/common';
import { download } from '../../locales/zh-CN/system';
import {
  canInstall,
  isStandalone,
  type NotifyPermission,
  notificationPermission,
  onInstallChange,
  promptInstall,
  requestNotifications,
} from '../../shared/browser/pwa';
import { BrandLogo } from '../../shared/components/brand-logo';
import { useFeedback } from '../../shared/feedback/feedback';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';

export default function DownloadPage() {
  const { message } = useFeedback();
  const navigate = useAppNavigate();
  const [isInstallable, setInstallable] = useState(canInstall);
  const [permission, setPermission] = useState<NotifyPermission>(notificationPermission);
  useEffect(() => onInstallChange(() => setInstallable(canInstall())), []);

  const notifyText =
    permission === 'granted'
      ? download.notifyOn
      : permission === 'denied'
        ? download.notifyDenied
        : permission === 'unsupported'
          ? download.notifyUnsupported
          : null;

  return (
    <div className="jq-center-page">
      <Card style={{ width: '100%', maxWidth: 460, textAlign: 'center' }} variant="borderless">
        <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="download-page">
          <BrandLogo size={56} isNameShown={false} />
          <div>
            <Typography.Title level={3}>{download.title}</Typography.Title>
            <Typography.Paragraph type="secondary">{download.desc}</Typography.Paragraph>
          </div>
          {isStandalone() ? (
            <Alert type="success" showIcon title={download.installed} />
          ) : (
            <Button
              type="primary"
              size="large"
              block
              icon={<DesktopOutlined />}
              onClick={() => {
                if (isInstallable) void promptInstall();
                else void message.info({ content: download.installHint, duration: 6 });
              }}
              data-testid="pwa-install"
            >
              {download.install}
            </Button>
          )}
          {!isInstallable && !isStandalone() && (
            <Typography.Text type="secondary">{download.installHint}</Typography.Text>
          )}
          <Button
            size="large"
            block
            icon={<BellOutlined />}
            disabled={permission !== 'default'}
            onClick={() => void requestNotifications().then(setPermission)}
            data-testid="pwa-notify"
          >
            {notifyText ?? download.notify}
          </Button>
          <Button size="large" block icon={<MessageOutlined />} onClick={() => navigate('/user/chat')}>
            {download.openChat}
          </Button>
          <Button type="link" onClick={() => navigate('/home')}>
            {common.backHome}
          </Button>
        </Space>
      </Card>
    </div>
  );
}
