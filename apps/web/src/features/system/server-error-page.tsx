/**
 * Where the API client sends the app after five consecutive failures of one endpoint.
 * Retrying leaves the 500 state and returns to the page that failed.
 */
import { messages } from '@jq/contract';
import { Button, Result, Space } from 'antd';
import { useLocation } from 'react-router';
import { common } from '../../locales/zh-CN/common';
import { system } from '../../locales/zh-CN/system';
import { resetServerErrorState } from '../../shared/api/client';
import { readPageVisit, toHref } from '../../shared/navigation/page-trail';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';

export default function ServerErrorPage() {
  const navigate = useAppNavigate();
  const location = useLocation();

  const retry = () => {
    resetServerErrorState();
    if (location.key !== 'default') return navigate(-1);
    const previous = readPageVisit(sessionStorage, 'prev');
    navigate(previous && previous.path !== location.pathname ? toHref(previous) : '/home', { replace: true });
  };

  const goHome = () => {
    resetServerErrorState();
    navigate('/home');
  };

  return (
    <div className="jq-panel" data-testid="server-error-page">
      <Result
        status="500"
        title={messages.serverErrorTitle}
        subTitle={messages.serverErrorDesc}
        extra={
          <Space wrap>
            <Button type="primary" size="large" onClick={retry} data-testid="retry">
              {system.serverErrorRetry}
            </Button>
            <Button size="large" onClick={goHome}>
              {common.backHome}
            </Button>
          </Space>
        }
      />
    </div>
  );
}
