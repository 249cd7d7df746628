/** A load that failed, with 重试: lists, details and the pages built on library records. */
import { Button, Result } from 'antd';
import { common } from '../../locales/zh-CN/common';

export function LoadError({ onRetry, message }: { onRetry(): void; message?: string | undefined }) {
  return (
    <Result
      status="warning"
      title={common.loadFailed}
      subTitle={message ?? common.loadFailedHint}
      extra={
        <Button type="primary" onClick={onRetry} data-testid="library-retry">
          {common.retry}
        </Button>
      }
    />
  );
}
