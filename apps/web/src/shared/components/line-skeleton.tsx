/**
 * Grey lines that pulse while a small section loads: CSS only, so a page can show it
 * without antd's Skeleton in its first load.
 */
import './line-skeleton.css';

export function LineSkeleton({ rows = 3, label }: { rows?: number; label?: string }) {
  return (
    <div className="jq-line-skeleton" role="status" aria-label={label} aria-busy>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <span key={i} className="jq-line-skeleton-row" />
      ))}
    </div>
  );
}
