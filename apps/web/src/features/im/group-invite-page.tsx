/**
 * /groupinvite?id=<invite code> (bare layout, public): the group an invite link leads to,
 * joined in one click (an invite needs no approval). Signing in comes first.
 */
import { TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { im } from '../../locales/zh-CN/im';
import { ApiError } from '../../shared/api/client';
import { BrandLogo } from '../../shared/components/brand-logo';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { useUserStore } from '../../shared/stores/user-store';
import { applyJoin, checkJoin } from './api';
import { chatPath } from './chat-path';
import { useImStore } from './im-store';
import './im.css';
import { useFeedback } from '../../shared/feedback/feedback';

export default function GroupInvitePage() {
  const [params] = useSearchParams();
  const code = params.get('id')?.trim() ?? '';
  const navigate = useAppNavigate();
  const { message } = useFeedback();
  const isSignedIn = useUserStore((state) => state.info !== null);
  const openLogin = useUserStore((state) => state.openLogin);
  const [isJoining, setJoining] = useState(false);
  const check = useQuery({
    queryKey: ['im', 'invite-check', code],
    queryFn: () => checkJoin({ code }),
    enabled: isSignedIn && /^[A-Za-z0-9]{6,32}$/.test(code),
    retry: false,
  });

  const join = async () => {
    setJoining(true);
    try {
      const result = await applyJoin({ code });
      useImStore.getState().bumpList();
      void message.success(im.joinedGroup);
      navigate(chatPath(result.id));
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.msg);
    } finally {
      setJoining(false);
    }
  };

  const isInvalid = !/^[A-Za-z0-9]{6,32}$/.test(code) || check.isError;
  let body: React.ReactNode;
  if (!isSignedIn) {
    body = (
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{im.invitePage.invited}</Typography.Paragraph>
        <Button type="primary" size="large" block onClick={() => openLogin()} data-testid="im-invite-login">
          {im.invitePage.login}
        </Button>
      </Space>
    );
  } else if (isInvalid) {
    body = (
      <Result
        status="warning"
        title={im.invitePage.invalid}
        extra={<Button onClick={() => navigate('/home')}>{im.invitePage.home}</Button>}
      />
    );
  } else if (check.isPending) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else {
    const { group, status } = check.data;
    body = (
      <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="im-invite-group">
        <span className="jq-im-group-avatar is-large" aria-hidden>
          <TeamOutlined />
        </span>
        <div>
          <Typography.Title level={4}>{group.name}</Typography.Title>
          <Typography.Text type="secondary">
            {im.members(group.memberCount)}
            {group.owner && ` · ${im.square.owner(group.owner.name)}`}
          </Typography.Text>
          {group.intro && (
            <Typography.Paragraph className="jq-im-invite-intro">{group.intro}</Typography.Paragraph>
          )}
        </div>
        {status === 'member' ? (
          <Button type="primary" size="large" block onClick={() => navigate(chatPath(group.id))}>
            {im.invitePage.open}
          </Button>
        ) : (
          <Button
            type="primary"
            size="large"
            block
            loading={isJoining}
            onClick={() => void join()}
            data-testid="im-invite-join"
          >
            {im.invitePage.join}
          </Button>
        )}
      </Space>
    );
  }

  return (
    <div className="jq-center-page">
      <Card style={{ width: '100%', maxWidth: 420, textAlign: 'center' }} variant="borderless">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <BrandLogo size={48} isNameShown={false} />
          <Typography.Title level={3}>{im.invitePage.title}</Typography.Title>
          {body}
        </Space>
      </Card>
    </div>
  );
}
