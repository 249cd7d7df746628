/** Why a record's detail did not load: not found is final; anything else can be retried. */
import { Result } from 'antd';
import { common } from '../../locales/zh-CN/common';
import { ApiError } from '../api/client';
import { LoadError } from './load-error';

export function DetailError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  if (error instanceof ApiError && error.status === 404) {
    return <Result status="404" title={common.recordMissing} subTitle={error.msg} />;
  }
  return <LoadError onRetry={onRetry} />;
}
