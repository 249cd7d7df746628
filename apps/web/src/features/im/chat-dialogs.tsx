/** The dialogs of a conversation: search in it, report a message, the group's invite link. */
import {
  IM_LIMITS,
  type ImMessage,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '@jq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Input, Modal, Radio, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { im } from '../../locales/zh-CN/im';
import { ApiError } from '../../shared/api/client';
import { useFeedback } from '../../shared/feedback/feedback';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { createInvite, reportMessage, searchMessages } from './api';
import { messagePreview, messageTime } from './format';

export function SearchDrawer({ conv, open, onClose }: { conv: number; open: boolean; onClose(): void }) {
  const { isSmall } = useBreakpoint();
  const [keyword, setKeyword] = useState('');
  const results = useQuery({
    queryKey: ['im', 'search', conv, keyword],
    queryFn: () => searchMessages({ id: conv, keyword, page: 1, pageSize: 50 }),
    enabled: open && keyword.trim().length > 0,
  });
  return (
    <Drawer
      title={im.actions.search}
      open={open}
      onClose={onClose}
      size={isSmall ? '100%' : 420}
      destroyOnHidden
    >
      <Input.Search
        placeholder={im.search.placeholder}
        allowClear
        maxLength={IM_LIMITS.searchKeywordMaxChars}
        onSearch={(value) => setKeyword(value.trim())}
        data-testid="im-search-input"
      />
      {results.isFetching ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : results.data ? (
        results.data.list.length === 0 ? (
          <Empty description={im.search.empty} />
        ) : (
          <>
            <p className="jq-im-muted">{im.search.result(results.data.total)}</p>
            <ul className="jq-im-search-list" data-testid="im-search-results">
              {results.data.list.map((m: ImMessage) => (
                <li key={m.id}>
                  <div className="jq-im-muted">
                    {m.sender?.name} · {messageTime(m.at)}
                  </div>
                  <div>{messagePreview(m)}</div>
                </li>
              ))}
            </ul>
          </>
        )
      ) : null}
    </Drawer>
  );
}

export function ReportModal({ message, onClose }: { message: ImMessage | null; onClose(): void }) {
  const { message: toast } = useFeedback();
  const [reason, setReason] = useState<ReportReason>('spam');
  const [detail, setDetail] = useState('');
  const [isBusy, setBusy] = useState(false);
  const submit = async () => {
    if (!message) return;
    setBusy(true);
    try {
      await reportMessage(message.id, reason, detail.trim());
      void toast.success('已收到举报，我们会尽快处理');
      onClose();
    } catch (error) {
      if (error instanceof ApiError) void toast.error(error.msg);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={im.report.title}
      open={message !== null}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={im.report.submit}
      confirmLoading={isBusy}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
        {messagePreview(message)}
      </Typography.Paragraph>
      <p>{im.report.reason}</p>
      <Radio.Group
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        options={REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }))}
      />
      <Input.TextArea
        className="jq-im-report-detail"
        placeholder={im.report.detail}
        maxLength={IM_LIMITS.reportDetailMaxChars}
        value={detail}
        onChange={(e) => setDetail(e.target.value)}
        autoSize={{ minRows: 2, maxRows: 4 }}
      />
    </Modal>
  );
}

export function InviteModal({ conv, open, onClose }: { conv: number; open: boolean; onClose(): void }) {
  const { message } = useFeedback();
  const invite = useQuery({
    queryKey: ['im', 'invite', conv],
    queryFn: () => createInvite(conv),
    enabled: open,
    staleTime: 60_000,
  });
  const url = invite.data ? `${window.location.origin}${invite.data.path}` : '';
  return (
    <Modal title={im.invite.title} open={open} onCancel={onClose} footer={null} destroyOnHidden>
      {invite.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : invite.isError ? (
        <p>{invite.error instanceof ApiError ? invite.error.msg : im.messageFailed}</p>
      ) : (
        <>
          <p className="jq-im-muted">{im.invite.note(IM_LIMITS.inviteDays)}</p>
          <Input readOnly value={url} data-testid="im-invite-url" />
          <Button
            type="primary"
            className="jq-im-invite-copy"
            onClick={() =>
              void navigator.clipboard?.writeText(url).then(
                () => message.success(im.invite.copied),
                () => {},
              )
            }
          >
            {im.invite.copy}
          </Button>
        </>
      )}
    </Modal>
  );
}
