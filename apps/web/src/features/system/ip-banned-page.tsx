import { Button, Result } from 'antd';
import { system } from '../../locales/zh-CN/system';

export default function IpBannedPage() {
  return (
    <div className="jq-panel" data-testid="ip-banned-page">
      <Result
        status="403"
        title={system.ipBannedTitle}
        subTitle={system.ipBannedDesc}
        extra={
          // A full load: if the ban was lifted, the app starts clean.
          <Button type="primary" size="large" onClick={() => window.location.assign('/home')}>
            {system.ipBannedRetry}
          </Button>
        }
      />
    </div>
  );
}
