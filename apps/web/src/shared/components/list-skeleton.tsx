/** Placeholder rows while a list's first page loads (logo, title, two lines). */
import { Skeleton } from 'antd';
import './list-skeleton.css';

export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className="jq-lib-skeleton" data-testid="library-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} avatar={{ shape: 'square' }} active paragraph={{ rows: 2 }} />
      ))}
    </div>
  );
}
