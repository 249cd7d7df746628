/** A group's members by role, with the owner's and admins' actions: mute, admins, remove. */
import type { ImMember, MemberRole } from '@jq/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Dropdown, type MenuProps, Skeleton, Tag } from 'antd';
import { im } from '../../locales/zh-CN/im';
import { ApiError } from '../../shared/api/client';
import { UserAvatar } from '../../shared/components/user-avatar';
import { useFeedback } from '../../shared/feedback/feedback';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { listMembers, muteMember, removeMember, setAdmin } from './api';
import { MessageButton } from './message-button';

const rank: Record<MemberRole, number> = { owner: 0, admin: 1, member: 2 };

export function MembersDrawer({
  conv,
  open,
  onClose,
  me,
}: {
  conv: number;
  open: boolean;
  onClose(): void;
  me: string;
}) {
  const { isSmall } = useBreakpoint();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const members = useQuery({
    queryKey: ['im', 'members', conv],
    queryFn: () => listMembers(conv),
    enabled: open,
  });
  const myRole = members.data?.myRole ?? 'member';

  const act = async (run: () => Promise<unknown>) => {
    try {
      await run();
      await queryClient.invalidateQueries({ queryKey: ['im', 'members', conv] });
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.msg);
    }
  };

  const actionsFor = (member: ImMember): MenuProps['items'] => {
    const canAct = member.uguid !== me && rank[myRole] < rank[member.role] && myRole !== 'member';
    if (!canAct) return [];
    return [
      member.mutedUntil
        ? { key: 'unmute', label: im.membersPanel.unmute }
        : { key: 'mute', label: im.membersPanel.mute },
      ...(myRole === 'owner'
        ? [
            member.role === 'admin'
              ? { key: 'removeAdmin', label: im.membersPanel.removeAdmin }
              : { key: 'makeAdmin', label: im.membersPanel.makeAdmin },
          ]
        : []),
      { key: 'remove', label: im.membersPanel.remove, danger: true },
    ];
  };

  const onAction = (member: ImMember, key: string) => {
    if (key === 'mute') void act(() => muteMember(conv, member.uguid, 60));
    if (key === 'unmute') void act(() => muteMember(conv, member.uguid, 0));
    if (key === 'makeAdmin') void act(() => setAdmin(conv, member.uguid, true));
    if (key === 'removeAdmin') void act(() => setAdmin(conv, member.uguid, false));
    if (key === 'remove') {
      modal.confirm({
        title: im.membersPanel.removeConfirm(member.name),
        onOk: () => act(() => removeMember(conv, member.uguid)),
      });
    }
  };

  return (
    <Drawer
      title={members.data ? `${im.membersPanel.title}（${members.data.total}）` : im.membersPanel.title}
      open={open}
      onClose={onClose}
      size={isSmall ? '100%' : 420}
      destroyOnHidden
    >
      {members.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      ) : (
        <ul className="jq-im-members" data-testid="im-members">
          {members.data?.list.map((member) => {
            const items = actionsFor(member);
            return (
              <li key={member.uguid} data-testid="im-member">
                <UserAvatar src={member.avatar || null} name={member.name} size={36} />
                <span className="jq-im-member-name">
                  {member.name}
                  {member.role !== 'member' && (
                    <Tag color={member.role === 'owner' ? 'gold' : 'blue'}>
                      {im.membersPanel.role[member.role]}
                    </Tag>
                  )}
                  {member.mutedUntil && <Tag>{im.membersPanel.muted}</Tag>}
                </span>
                {member.uguid !== me && (
                  <MessageButton target={{ tuid: member.uguid }} size="small" type="text" />
                )}
                {items && items.length > 0 && (
                  <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onAction(member, key) }}>
                    <Button size="small">{im.actions.more}</Button>
                  </Dropdown>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Drawer>
  );
}
