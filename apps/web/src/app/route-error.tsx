/**
 * Shown when a page fails to render or its chunk fails to load (often a deploy replaced
 * the chunks under an open tab): a refresh fixes both. Plain markup rather than antd's
 * Result, which would otherwise join every page's first load for this rare screen.
 */
import { WarningFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useRouteError } from 'react-router';
import { common } from '../locales/zh-CN/common';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="jq-center-page">
      <div className="jq-route-error" role="alert">
        <WarningFilled className="jq-route-error-icon" />
        <h2 className="jq-route-error-title">{common.pageLoadFailed}</h2>
        <Button type="primary" onClick={() => window.location.reload()}>
          {common.refresh}
        </Button>
      </div>
    </div>
  );
}
