import { Button, Result } from 'antd';
import { common } from '../../locales/zh-CN/common';
import { system } from '../../locales/zh-CN/system';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';

export default function NotFoundPage() {
  const navigate = useAppNavigate();
  return (
    <div className="jq-panel" data-testid="not-found-page">
      <Result
        status="404"
        title={system.notFoundTitle}
        subTitle={system.notFoundDesc}
        extra={
          <Button type="primary" size="large" onClick={() => navigate('/home')}>
            {common.backHome}
          </Button>
        }
      />
    </div>
  );
}
