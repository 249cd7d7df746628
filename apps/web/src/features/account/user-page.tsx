/**
 * /jq/user, the user centre: profile (avatar, name, masked phone, identity switch,
 * verification with the business-card dialog, VIP, invite code, logout) and, on
 * `?tab=register`, the registration form (the avatar's destination until verified).
 */
import { LogoutOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { IDENTITIES, type Identity, ROLE_UNREGISTERED } from '@jq/contract';
import { Button, Descriptions, Segmented, Tabs, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { account } from '../../locales/zh-CN/account';
import { common } from '../../locales/zh-CN/common';
import { UserAvatar } from '../../shared/components/user-avatar';
import { maskText } from '../../shared/format/mask';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { useSettingsStore } from '../../shared/stores/settings-store';
import { type UserInfo, useUserStore } from '../../shared/stores/user-store';
import { getUserInfo } from './api';
import { displayName } from './login-page';
import { RegisterForm } from './register-form';
import { signOut, toUserInfo } from './session';
import { useIdentitySwitch } from './use-identity-switch';
import './account.css';
import { useFeedback } from '../../shared/feedback/feedback';

type Tab = 'profile' | 'register';

export default function UserPage() {
  const info = useUserStore((state) => state.info);
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'register' ? 'register' : 'profile';
  const setTab = (next: Tab) => setParams(next === 'register' ? { tab: next } : {}, { replace: true });

  // The route guard keeps visitors out; this covers the moment of a logout.
  if (!info) return null;
  return (
    <div className="jq-user-page" data-testid="user-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          {
            key: 'profile',
            label: account.tabProfile,
            children: <ProfilePanel info={info} onRegister={() => setTab('register')} />,
          },
          {
            key: 'register',
            label: account.tabRegister,
            children: <RegisterPanel info={info} onDone={() => setTab('profile')} />,
          },
        ]}
      />
    </div>
  );
}

function ProfilePanel({ info, onRegister }: { info: UserInfo; onRegister(): void }) {
  const status = useUserStore((state) => state.status);
  const identity = useSettingsStore((state) => state.identity);
  const switchIdentity = useIdentitySwitch();
  const openVerification = useUserStore((state) => state.openAuthDialog);
  const navigate = useAppNavigate();
  const { message } = useFeedback();
  const isRegistered = info.role !== ROLE_UNREGISTERED && info.role !== -1;

  const logout = async () => {
    await signOut().catch(() => {});
    void message.success(account.loggedOut);
    window.location.assign('/');
  };

  return (
    <div className="jq-panel">
      <div className="jq-user-card">
        <UserAvatar src={info.Avatar} name={info.Name} size={72} />
        <div className="jq-user-card-main">
          <p className="jq-user-card-name" data-testid="user-name">
            {displayName(info)}
          </p>
          <Tag color={isRegistered ? 'processing' : 'default'}>
            {isRegistered ? account.roleNames[info.role] : account.roleUnregistered}
          </Tag>
          {info.isVerify ? <Tag color="success">{account.verified}</Tag> : <Tag>{account.unverified}</Tag>}
          {status.isvip && <Tag color="gold">VIP</Tag>}
        </div>
        {!isRegistered && (
          <Button type="primary" onClick={onRegister}>
            {account.fillProfile}
          </Button>
        )}
      </div>
      {!isRegistered && (
        <Typography.Paragraph type="secondary">{account.profileIncomplete}</Typography.Paragraph>
      )}
      <Descriptions
        column={1}
        bordered
        size="middle"
        className="jq-user-details"
        styles={{ label: { width: 120 } }}
      >
        <Descriptions.Item label={account.phone}>
          <span data-testid="user-phone">{info.Phone ? maskText(info.Phone) : account.phoneUnbound}</span>
        </Descriptions.Item>
        <Descriptions.Item label={account.identity}>
          <Segmented<Identity>
            value={identity}
            onChange={(value) => {
              switchIdentity(value);
              void message.success(account.identitySwitched);
            }}
            options={IDENTITIES.map((value) => ({ value, label: common.identity[value] }))}
          />
        </Descriptions.Item>
        <Descriptions.Item label={account.verification}>
          {info.isVerify ? (
            <Tag icon={<SafetyCertificateOutlined />} color="success">
              {account.verified}
            </Tag>
          ) : (
            <div className="jq-user-verify">
              <Button type="primary" ghost onClick={openVerification} data-testid="open-verification">
                {account.verifyNow}
              </Button>
              <Typography.Text type="secondary">{account.verifyHint}</Typography.Text>
            </div>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={account.vip}>
          {status.isvip ? (
            account.vipActive(status.exptime)
          ) : (
            <Button type="link" onClick={() => navigate('/vip')} style={{ padding: 0 }}>
              {account.vipNone} · {account.vipOpen}
            </Button>
          )}
        </Descriptions.Item>
        {info.inviteCode && (
          <Descriptions.Item label={account.inviteCode}>
            <Typography.Text copyable>{info.inviteCode}</Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Button
        danger
        icon={<LogoutOutlined />}
        onClick={() => void logout()}
        className="jq-user-logout"
        data-testid="logout"
      >
        {account.logout}
      </Button>
    </div>
  );
}

function RegisterPanel({ info, onDone }: { info: UserInfo; onDone(): void }) {
  const { message, modal } = useFeedback();
  const setInfo = useUserStore((state) => state.setInfo);
  const openVerification = useUserStore((state) => state.openAuthDialog);

  const onSubmitted = async (saved: UserInfo | null) => {
    void message.success(account.submitted);
    try {
      setInfo(toUserInfo(saved ?? (await getUserInfo())));
    } catch {
      // The form was saved; the profile catches up on the next refresh.
    }
    if (info.isVerify) return onDone();
    modal.confirm({
      title: account.verifyOfferTitle,
      content: account.verifyOfferDesc,
      okText: account.verifyNow,
      cancelText: account.verifyLater,
      onOk: () => {
        onDone();
        openVerification();
      },
      onCancel: onDone,
    });
  };

  return (
    <div className="jq-panel">
      <h2 className="jq-register-title">{account.registerTitle}</h2>
      <Typography.Paragraph type="secondary">{account.registerDesc}</Typography.Paragraph>
      <RegisterForm info={info} onSubmitted={onSubmitted} />
    </div>
  );
}
