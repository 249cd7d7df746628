/**
 * The 演示数据 mark on generated records: a tag on a single record (a detail page), and one
 * notice above a list that holds any (DemoNotice), rather than a tag on every card.
 */
import { InfoCircleOutlined } from '@ant-design/icons';
import { messages } from '@jq/contract';
import { Tag } from 'antd';
import './demo-tag.css';

export function DemoTag() {
  return (
    <Tag className="jq-lib-demo" variant="filled" data-testid="demo-tag">
      {messages.demoData}
    </Tag>
  );
}

/** One line above a list when any of its records is generated; nothing otherwise. */
export function DemoNotice({ isShown }: { isShown: boolean }) {
  if (!isShown) return null;
  return (
    <p className="jq-demo-notice" role="note" data-testid="demo-notice">
      <InfoCircleOutlined /> {messages.demoDataNotice}
    </p>
  );
}
