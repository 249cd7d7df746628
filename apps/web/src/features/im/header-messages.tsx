/** The header's messaging entry, loaded once a user is signed in (im-shell.tsx). */
import { MessageOutlined } from '@ant-design/icons';
import { LIMITS } from '@jq/contract';
import { Badge, Button, Tooltip } from 'antd';
import { im } from '../../locales/zh-CN/im';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { chatPath } from './chat-path';
import { useTotalUnread } from './im-store';

/** The header's entry to messaging with the unread count (spec section 9: 99+). */
export default function HeaderMessages() {
  const total = useTotalUnread();
  const navigate = useAppNavigate();
  return (
    <Tooltip title={im.title}>
      <Badge count={total} overflowCount={LIMITS.unreadOverflow} size="small" data-testid="im-unread-badge">
        <Button
          type="text"
          shape="circle"
          icon={<MessageOutlined />}
          aria-label={total ? `${im.unreadBadge} ${total}` : im.title}
          onClick={() => navigate(chatPath())}
          data-testid="im-entry"
        />
      </Badge>
    </Tooltip>
  );
}
