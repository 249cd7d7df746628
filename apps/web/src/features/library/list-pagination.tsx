/**
 * The desktop list's pagination, in its own chunk: antd's Pagination brings rc-pagination and
 * Select with it, and phones (加载更多) never show it. result-list.tsx loads it on wide screens.
 */
import { Pagination, type PaginationProps } from 'antd';

export default function ListPagination(props: PaginationProps) {
  return <Pagination className="jq-lib-pagination" showSizeChanger={false} {...props} />;
}
