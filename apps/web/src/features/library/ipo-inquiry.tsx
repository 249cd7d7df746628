/**
 * 上市与问询要点: passages about listing, inquiries and exits quoted verbatim from one report
 * (acchat/ipoinquiry, plain strings, rendered as text), with loading, empty and error states.
 */
import { Button, Empty, Skeleton } from 'antd';
import { common } from '../../locales/zh-CN/common';
import { library } from '../../locales/zh-CN/library';
import { useIpoInquiry } from './queries';
import './library.css';

export function IpoInquiryList({ pid }: { pid: number }) {
  const inquiry = useIpoInquiry(pid);
  if (inquiry.isPending) {
    return (
      <div data-testid="ipo-loading">
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  }
  if (inquiry.isError) {
    return (
      <div className="jq-ipo-note">
        {common.loadFailed}
        <Button size="small" type="link" onClick={() => void inquiry.refetch()}>
          {common.retry}
        </Button>
      </div>
    );
  }
  const list = inquiry.data.list;
  if (list.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={library.ipoEmpty} />;
  }
  return (
    <>
      <ul className="jq-ipo-list" data-testid="ipo-inquiry">
        {list.map((text, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only and may repeat a passage.
          <li key={index} className="jq-ipo-item">
            {text}
          </li>
        ))}
      </ul>
      <p className="jq-ipo-note">{library.ipoNote}</p>
    </>
  );
}
