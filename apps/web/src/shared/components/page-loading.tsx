/**
 * Suspense fallback while a page chunk loads. A CSS ring in the theme's colour rather than
 * antd's Spin: it shows before any page code arrives, so it stays out of antd (first load).
 */
import { common } from '../../locales/zh-CN/common';

export function PageLoading() {
  return (
    <div className="jq-page-loading" role="status" aria-live="polite">
      <span className="jq-page-loading-ring" aria-hidden />
      <span className="jq-page-loading-text">{common.loading}</span>
    </div>
  );
}
