/**
 * One open conversation: its header and actions, the history (newest page first, older
 * pages on demand, live messages merged in by seq), messages on their way, read receipts in
 * private chats, who is typing, and the composer. Reading the bottom while the page is
 * visible marks the conversation read.
 */
import { ArrowLeftOutlined, MoreOutlined, TeamOutlined } from '@ant-design/icons';
import type { ImMessage } from '@jq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Dropdown, type MenuProps, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { im } from '../../locales/zh-CN/im';
import { ApiError } from '../../shared/api/client';
import { LoadError } from '../../shared/components/load-error';
import { UserAvatar } from '../../shared/components/user-avatar';
import { useFeedback } from '../../shared/feedback/feedback';
import { useOwnBackControl } from '../../shared/navigation/own-back';
import { getConversation, leaveGroup, setBlocked, setNotify } from './api';
import { InviteModal, ReportModal, SearchDrawer } from './chat-dialogs';
import { Composer } from './composer';
import { useImStore } from './im-store';
import { MembersDrawer } from './members-drawer';
import { MessageItem, OutgoingItem } from './message-item';
import { connection, loadLatest, loadOlder, markRead, retry } from './session';

const NO_MESSAGES: ImMessage[] = [];
const NEAR_BOTTOM_PX = 80;

type Panel = 'members' | 'search' | 'invite' | null;

export function ConversationPane({ conv, onBack }: { conv: number; onBack?: () => void }) {
  useOwnBackControl(onBack !== undefined);
  const { message, modal } = useFeedback();
  const me = useImStore((state) => state.me);
  const status = useImStore((state) => state.status);
  const summary = useImStore((state) => state.summaries[conv]);
  const messages = useImStore((state) => state.messages[conv] ?? NO_MESSAGES);
  const hasOlder = useImStore((state) => state.hasOlder[conv] ?? false);
  const outgoing = useImStore((state) => state.outgoing);
  const peerRead = useImStore((state) => state.peerRead[conv] ?? 0);
  const typing = useImStore((state) => state.typing[conv]);
  const lastSeq = useImStore((state) => state.positions[conv]?.lastSeq ?? 0);
  const [panel, setPanel] = useState<Panel>(null);
  const [reporting, setReporting] = useState<ImMessage | null>(null);
  const [isLoadingOlder, setLoadingOlder] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const isAtBottom = useRef(true);

  const info = useQuery({
    queryKey: ['im', 'info', conv],
    queryFn: async () => {
      const found = await getConversation(conv);
      useImStore.getState().setSummaries([found]);
      return found;
    },
  });
  const history = useQuery({
    queryKey: ['im', 'history', conv],
    queryFn: () => loadLatest(conv).then(() => true),
  });

  useEffect(() => {
    useImStore.getState().setActive(conv);
    return () => useImStore.getState().setActive(null);
  }, [conv]);

  const readIfSeen = useCallback(() => {
    if (isAtBottom.current && document.visibilityState === 'visible') markRead(conv);
  }, [conv]);

  useEffect(() => {
    document.addEventListener('visibilitychange', readIfSeen);
    return () => document.removeEventListener('visibilitychange', readIfSeen);
  }, [readIfSeen]);

  // New messages (or my own) keep the view at the bottom when it was there, and count as read.
  const pending = outgoing.filter((o) => o.conv === conv);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list grows.
  useLayoutEffect(() => {
    const el = list.current;
    if (el && isAtBottom.current) el.scrollTop = el.scrollHeight;
    readIfSeen();
  }, [messages.length, pending.length, lastSeq, history.data]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    isAtBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (isAtBottom.current) readIfSeen();
  };

  const older = async () => {
    const el = list.current;
    const before = el?.scrollHeight ?? 0;
    setLoadingOlder(true);
    try {
      await loadOlder(conv);
    } finally {
      setLoadingOlder(false);
    }
    // Keep the message the user was looking at in place.
    requestAnimationFrame(() => {
      if (el) el.scrollTop = el.scrollHeight - before;
    });
  };

  const lastTyping = useRef(0);
  const onTyping = () => {
    if (Date.now() - lastTyping.current < 2000) return;
    lastTyping.current = Date.now();
    connection.send({ t: 'typing', conv });
  };

  const run = async (action: () => Promise<unknown>, after?: () => void) => {
    try {
      await action();
      after?.();
      void info.refetch();
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.msg);
    }
  };

  if (info.isError) {
    return (
      <div className="jq-im-pane" data-testid="im-pane">
        <LoadError
          message={info.error instanceof ApiError ? info.error.msg : undefined}
          onRetry={() => void info.refetch()}
        />
      </div>
    );
  }
  const c = summary ?? info.data;
  const isGroup = c?.kind === 'group';
  const isManager = c?.role === 'owner' || c?.role === 'admin';
  const menuItems: MenuProps['items'] = c
    ? [
        ...(isGroup ? [{ key: 'members', label: im.actions.members }] : []),
        ...(isGroup && isManager ? [{ key: 'invite', label: im.actions.invite }] : []),
        { key: 'search', label: im.actions.search },
        { key: 'notify', label: c.isNotifyOff ? im.actions.notifyOn : im.actions.notifyOff },
        ...(c.peer ? [{ key: 'block', label: c.isBlocked ? im.actions.unblock : im.actions.block }] : []),
        ...(isGroup ? [{ key: 'leave', label: im.actions.leave, danger: true }] : []),
      ]
    : [];
  const onMenu = ({ key }: { key: string }) => {
    if (!c) return;
    if (key === 'members' || key === 'search' || key === 'invite') setPanel(key);
    if (key === 'notify') void run(() => setNotify(conv, !c.isNotifyOff));
    if (key === 'block' && c.peer) void run(() => setBlocked(c.peer!.uguid, !c.isBlocked));
    if (key === 'leave') {
      modal.confirm({
        title: im.leaveConfirm,
        onOk: () =>
          run(
            () => leaveGroup(conv),
            () => useImStore.getState().removeConv(conv),
          ).then(() => onBack?.()),
      });
    }
  };

  const mutedUntil = c?.mutedUntil ? dayjs(c.mutedUntil) : null;
  const disabledReason = c?.isBlocked
    ? im.blockedNote
    : mutedUntil?.isAfter(dayjs())
      ? im.mutedNote(mutedUntil.format('M月D日 HH:mm'))
      : null;

  return (
    <section className="jq-im-pane" data-testid="im-pane" data-conv={conv}>
      <header className="jq-im-pane-head">
        {onBack && (
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={im.actions.back} onClick={onBack} />
        )}
        {c ? (
          isGroup ? (
            <span className="jq-im-group-avatar is-small" aria-hidden>
              <TeamOutlined />
            </span>
          ) : (
            <UserAvatar src={c.avatar || null} name={c.name} size={32} />
          )
        ) : null}
        <div className="jq-im-pane-title">
          <h2 data-testid="im-pane-title">{c?.name ?? ''}</h2>
          <span className="jq-im-muted">
            {typing && typing.until > Date.now()
              ? im.typing(typing.name)
              : isGroup
                ? im.members(c?.memberCount ?? 0)
                : ''}
          </span>
        </div>
        <Dropdown trigger={['click']} menu={{ items: menuItems, onClick: onMenu }} placement="bottomRight">
          <Button
            type="text"
            icon={<MoreOutlined />}
            aria-label={im.actions.more}
            data-testid="im-pane-menu"
          />
        </Dropdown>
      </header>
      {status !== 'open' && status !== 'idle' && (
        <Alert type="warning" banner title={status === 'connecting' ? im.connecting : im.offline} />
      )}
      <div className="jq-im-scroll" ref={list} onScroll={onScroll} data-testid="im-messages">
        {history.isPending ? (
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        ) : (
          <>
            {hasOlder ? (
              <Button
                type="link"
                block
                loading={isLoadingOlder}
                onClick={() => void older()}
                data-testid="im-load-older"
              >
                {im.loadOlder}
              </Button>
            ) : (
              messages.length > 0 && <p className="jq-im-muted jq-im-no-older">{im.noOlder}</p>
            )}
            <ol className="jq-im-messages">
              {messages.map((m) => {
                const isMine = m.sender?.uguid === me;
                return (
                  <MessageItem
                    key={m.seq}
                    message={m}
                    isMine={isMine}
                    isRead={isMine && c?.kind === 'private' ? m.seq <= peerRead : undefined}
                    showSender={isGroup}
                    onReport={setReporting}
                  />
                );
              })}
              {pending.map((item) => (
                <OutgoingItem key={item.cid} item={item} onRetry={retry} />
              ))}
            </ol>
          </>
        )}
      </div>
      <Composer conv={conv} disabledReason={disabledReason} onTyping={onTyping} />
      <MembersDrawer conv={conv} open={panel === 'members'} onClose={() => setPanel(null)} me={me} />
      <SearchDrawer conv={conv} open={panel === 'search'} onClose={() => setPanel(null)} />
      <InviteModal conv={conv} open={panel === 'invite'} onClose={() => setPanel(null)} />
      <ReportModal message={reporting} onClose={() => setReporting(null)} />
    </section>
  );
}
