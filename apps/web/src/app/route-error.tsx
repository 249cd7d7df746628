/**
 * Shown when a page fails to render or its chunk fails to load (often a deploy replaced
 * the chunks under an open tab): a refresh fixes both.
 */
import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { common } from '../locales/zh-CN/common';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="jq-center-page">
      <Result
        status="warning"
        title={common.pageLoadFailed}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {common.refresh}
          </Button>
        }
      />
    </div>
  );
}
