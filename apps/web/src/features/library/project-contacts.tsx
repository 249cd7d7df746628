/**
 * A project's contacts, masked by the server (first and last characters, stars between)
 * until unlocked. 解锁联系方式: a visitor gets the login modal; a signed-in user's unlock
 * goes to UnlockUser2ProjectMap, which charges the unlock's credits (free for a VIP). When
 * the credits fall short the global pay modal opens to pay this unlock by QR, with the way
 * to a recharge or VIP beside it; once paid the contacts load again.
 */
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Tag } from 'antd';
import { common } from '../../locales/zh-CN/common';
import { library } from '../../locales/zh-CN/library';
import { ApiError } from '../../shared/api/client';
import { UserAvatar } from '../../shared/components/user-avatar';
import { useUserStore } from '../../shared/stores/user-store';
import { openPay, PowerHelp, readShortfall } from '../billing';
import { libraryKeys, useProjectContacts, useUnlockContacts } from './queries';
import './library-detail.css';
import { useFeedback } from '../../shared/feedback/feedback';
import { MessageButton } from '../im';

export interface ProjectContactsProps {
  pid: number;
  contactCount: number;
}

export function ProjectContacts({ pid, contactCount }: ProjectContactsProps) {
  const isSignedIn = useUserStore((state) => state.info !== null);
  const openLogin = useUserStore((state) => state.openLogin);
  const contacts = useProjectContacts(pid, isSignedIn);
  const unlock = useUnlockContacts(pid);
  const queryClient = useQueryClient();
  const { message } = useFeedback();

  const startUnlock = () =>
    unlock.mutate(undefined, {
      onSuccess: (answer) => {
        const charged = answer.unlock?.charged ?? 0;
        void message.success(
          charged > 0 ? library.unlockCharged(charged, answer.unlock?.power ?? 0) : library.unlockedToast,
        );
        if (charged > 0) void queryClient.invalidateQueries({ queryKey: ['billing'] });
      },
      onError: (error) => {
        const shortfall = readShortfall(error);
        if (!shortfall) return;
        openPay({
          kind: 'perUse',
          action: 'DockPerCharge',
          pid,
          shortfall,
          onPaid: () => {
            unlock.reset();
            void queryClient.invalidateQueries({ queryKey: libraryKeys.project(pid) });
          },
        });
      },
    });

  if (!isSignedIn) {
    return (
      <div className="jq-lib-contacts-locked" data-testid="contacts">
        <LockOutlined />
        <span>
          {contactCount > 0 ? `${library.contactCount(contactCount)} · ` : ''}
          {library.signInToView}
        </span>
        <Button type="primary" onClick={() => openLogin()} data-testid="unlock-contacts">
          {library.unlock}
        </Button>
      </div>
    );
  }
  if (contacts.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (contacts.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        title={contacts.error instanceof ApiError ? contacts.error.msg : common.loadFailed}
        action={
          <Button size="small" onClick={() => void contacts.refetch()}>
            {common.retry}
          </Button>
        }
      />
    );
  }

  const { contacts: people, isUnlocked, unlockPower } = contacts.data;
  const refusal =
    unlock.error instanceof ApiError ? unlock.error.msg : unlock.error ? common.loadFailed : null;
  return (
    <div className="jq-lib-contacts" data-testid="contacts">
      {people.length === 0 ? (
        <p className="jq-lib-muted">{library.noContacts}</p>
      ) : (
        <ul className="jq-lib-mini-list">
          {people.map((person, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: masked names may repeat
            <li key={index} data-testid="contact">
              <UserAvatar name={person.name} size={32} />
              <div className="jq-lib-mini-main">
                <div className="jq-lib-mini-title">
                  <span>{person.name}</span>
                  {person.title && <span className="jq-lib-muted">{person.title}</span>}
                </div>
                <div className="jq-lib-contact-fields">
                  {person.phone && <span>{`${library.phone} ${person.phone}`}</span>}
                  {person.email && <span>{`${library.email} ${person.email}`}</span>}
                  {person.wechat && <span>{`${library.wechat} ${person.wechat}`}</span>}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {isUnlocked ? (
        <Tag icon={<UnlockOutlined />} color="success">
          {library.unlocked}
        </Tag>
      ) : (
        people.length > 0 && (
          <div className="jq-lib-unlock">
            <span className="jq-lib-muted">
              {library.maskedNote}
              {unlockPower ? `；${library.unlockCost(unlockPower)}` : ''}
              {unlockPower ? <PowerHelp /> : null}
            </span>
            <Button
              type="primary"
              icon={<LockOutlined />}
              loading={unlock.isPending}
              data-testid="unlock-contacts"
              onClick={startUnlock}
            >
              {unlock.isPending ? library.unlocking : library.unlock}
            </Button>
          </div>
        )
      )}
      {refusal && <Alert type="info" showIcon title={refusal} data-testid="unlock-answer" />}
      <div className="jq-lib-unlock">
        <MessageButton target={{ projectId: pid }} />
      </div>
    </div>
  );
}
