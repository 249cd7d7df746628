/** The group square (public groups: join, apply or open), creating a group, and join applications. */
import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { IM_LIMITS, type ImGroupSummary } from '@jq/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Form, Input, Modal, Pagination, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { im } from '../../locales/zh-CN/im';
import { ApiError } from '../../shared/api/client';
import { LoadError } from '../../shared/components/load-error';
import { UserAvatar } from '../../shared/components/user-avatar';
import { useFeedback } from '../../shared/feedback/feedback';
import { applyJoin, createGroup, decideApplication, listApplications, listSquare } from './api';
import { useImStore } from './im-store';

const PAGE_SIZE = 20;

export function SquarePanel({ onOpen }: { onOpen(id: number): void }) {
  const { message } = useFeedback();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [isCreating, setCreating] = useState(false);
  const [pending, setPending] = useState<Set<number>>(new Set());
  const queryClient = useQueryClient();
  const square = useQuery({
    queryKey: ['im', 'square', keyword, page],
    queryFn: () => listSquare({ keyword, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  const join = async (group: ImGroupSummary) => {
    try {
      const result = await applyJoin({ id: group.id });
      if (result.status === 'joined') {
        void message.success(im.joinedGroup);
        useImStore.getState().bumpList();
        void queryClient.invalidateQueries({ queryKey: ['im', 'square'] });
        onOpen(result.id);
      } else {
        setPending((ids) => new Set(ids).add(group.id));
        void message.info(im.applied);
      }
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.msg);
    }
  };

  return (
    <div className="jq-im-square" data-testid="im-square">
      <div className="jq-im-square-bar">
        <Input.Search
          placeholder={im.square.search}
          allowClear
          maxLength={IM_LIMITS.searchKeywordMaxChars}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="im-create-group"
        >
          {im.square.create}
        </Button>
      </div>
      {square.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      ) : square.isError ? (
        <LoadError onRetry={() => void square.refetch()} />
      ) : square.data.list.length === 0 ? (
        <Empty description={im.square.empty} />
      ) : (
        <>
          <ul className="jq-im-groups">
            {square.data.list.map((group) => (
              <li key={group.id} className="jq-im-group" data-testid="im-square-group">
                <span className="jq-im-group-avatar" aria-hidden>
                  <TeamOutlined />
                </span>
                <span className="jq-im-group-main">
                  <span className="jq-im-conv-name">
                    {group.name} {group.needApproval && <Tag variant="filled">{im.square.needApproval}</Tag>}
                  </span>
                  <span className="jq-im-muted">
                    {im.members(group.memberCount)}
                    {group.owner && ` · ${im.square.owner(group.owner.name)}`}
                  </span>
                  {group.intro && <span className="jq-im-group-intro">{group.intro}</span>}
                </span>
                {group.isMember ? (
                  <Button onClick={() => onOpen(group.id)}>{im.square.open}</Button>
                ) : pending.has(group.id) ? (
                  <Button disabled>{im.square.pending}</Button>
                ) : (
                  <Button type="primary" ghost onClick={() => void join(group)}>
                    {group.needApproval ? im.square.apply : im.square.join}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {square.data.total > PAGE_SIZE && (
            <Pagination
              simple
              current={page}
              pageSize={PAGE_SIZE}
              total={square.data.total}
              onChange={setPage}
              className="jq-im-pagination"
            />
          )}
        </>
      )}
      <CreateGroupModal
        open={isCreating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          useImStore.getState().bumpList();
          void queryClient.invalidateQueries({ queryKey: ['im', 'square'] });
          onOpen(id);
        }}
      />
    </div>
  );
}

interface GroupForm {
  name: string;
  intro: string;
  isPublic: boolean;
  needApproval: boolean;
}

function CreateGroupModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(id: number): void;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<GroupForm>();
  const [isBusy, setBusy] = useState(false);
  const submit = async (values: GroupForm) => {
    setBusy(true);
    try {
      const created = await createGroup({ ...values, intro: values.intro ?? '' });
      useImStore.getState().setSummaries([created]);
      form.resetFields();
      onCreated(created.id);
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.msg);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={im.create.title}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={im.create.submit}
      confirmLoading={isBusy}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ isPublic: true, needApproval: true, intro: '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={im.create.name}
          rules={[{ required: true, whitespace: true, message: '请输入群名称' }]}
        >
          <Input maxLength={IM_LIMITS.groupNameMaxChars} showCount data-testid="im-group-name" />
        </Form.Item>
        <Form.Item name="intro" label={im.create.intro}>
          <Input.TextArea
            maxLength={IM_LIMITS.groupIntroMaxChars}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>
        <Form.Item name="isPublic" valuePropName="checked">
          <Checkbox>{im.create.isPublic}</Checkbox>
        </Form.Item>
        <Form.Item name="needApproval" valuePropName="checked">
          <Checkbox data-testid="im-group-approval">{im.create.needApproval}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ApplicationsPanel() {
  const { message } = useFeedback();
  const version = useImStore((state) => state.applyVersion);
  const applications = useQuery({
    queryKey: ['im', 'applications', version],
    queryFn: () => listApplications(),
  });
  const decide = async (id: number, approve: boolean) => {
    try {
      await decideApplication(id, approve);
      useImStore.getState().bumpApply();
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.msg);
    }
  };
  if (applications.isPending) return <Skeleton active avatar paragraph={{ rows: 3 }} />;
  if (applications.isError) return <LoadError onRetry={() => void applications.refetch()} />;
  if (applications.data.list.length === 0) return <Empty description={im.applications.empty} />;
  return (
    <ul className="jq-im-groups" data-testid="im-applications">
      {applications.data.list.map((a) => (
        <li key={a.id} className="jq-im-group" data-testid="im-application">
          <UserAvatar src={a.user.avatar || null} name={a.user.name} size={40} />
          <span className="jq-im-group-main">
            <span className="jq-im-conv-name">{a.user.name}</span>
            <span className="jq-im-muted">{im.applications.wants(a.group.name)}</span>
            {a.message && <span className="jq-im-group-intro">{a.message}</span>}
          </span>
          <span className="jq-im-actions">
            <Button type="primary" size="small" onClick={() => void decide(a.id, true)}>
              {im.applications.approve}
            </Button>
            <Button size="small" onClick={() => void decide(a.id, false)}>
              {im.applications.reject}
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}
