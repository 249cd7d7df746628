import { Spin } from 'antd';
import { common } from '../../locales/zh-CN/common';

/** Suspense fallback while a page chunk loads. */
export function PageLoading() {
  return (
    <div className="jq-page-loading" role="status" aria-live="polite">
      <Spin description={common.loading} />
    </div>
  );
}
