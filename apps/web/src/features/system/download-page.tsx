/**
 * The desktop-client download page (bare layout). Downloads are granted by customer
 * service (spec section 6); the Mac build has not shipped (spec section 8).
 */
import { AppleOutlined, WindowsOutlined } from '@ant-design/icons';
import { LIMITS, messages } from '@jq/contract';
import { App, Button, Card, Space, Typography } from 'antd';
import { common } from '../../locales/zh-CN/common';
import { system } from '../../locales/zh-CN/system';
import { BrandLogo } from '../../shared/components/brand-logo';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';

export default function DownloadPage() {
  const { message, notification } = App.useApp();
  const navigate = useAppNavigate();
  return (
    <div className="jq-center-page">
      <Card style={{ width: '100%', maxWidth: 440, textAlign: 'center' }} variant="borderless">
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <BrandLogo size={56} isNameShown={false} />
          <div>
            <Typography.Title level={3}>{system.downloadTitle}</Typography.Title>
            <Typography.Paragraph type="secondary">{system.downloadDesc}</Typography.Paragraph>
          </div>
          <Button
            type="primary"
            size="large"
            block
            icon={<WindowsOutlined />}
            onClick={() => void message.info(system.downloadNeedsService)}
          >
            {system.downloadWindows}
          </Button>
          <Button
            size="large"
            block
            icon={<AppleOutlined />}
            onClick={() =>
              notification.info({
                key: 'mac-download',
                title: messages.macDownloadTitle,
                description: messages.macDownloadDesc,
                duration: LIMITS.notificationSeconds,
              })
            }
          >
            {system.downloadMac}
          </Button>
          <Button type="link" onClick={() => navigate('/home')}>
            {common.backHome}
          </Button>
        </Space>
      </Card>
    </div>
  );
}
