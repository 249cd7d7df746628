/** The 演示数据 mark on generated records, wherever a record shows. */
import { messages } from '@jq/contract';
import { Tag } from 'antd';
import './demo-tag.css';

export function DemoTag() {
  return (
    <Tag className="jq-lib-demo" bordered={false} data-testid="demo-tag">
      {messages.demoData}
    </Tag>
  );
}
