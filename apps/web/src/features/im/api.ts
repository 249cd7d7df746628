/** The messaging rows of API.md ("Messaging"), one function each, through the one API client. */
import type {
  ImApplication,
  ImCheckJoinResult,
  ImConversation,
  ImConversationList,
  ImGroupSummary,
  ImMember,
  ImMessage,
  ImMessagePage,
  ImReadResult,
  MemberRole,
  ReportReason,
} from '@jq/contract';
import { apiPost } from '../../shared/api/client';

interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type PrivateTarget = { tuid: string } | { investorId: number } | { projectId: number };

export const listConversations = (page = 1, pageSize = 100) =>
  apiPost<ImConversationList>('/im/conversations', { page, pageSize }, { isSilent: true });
export const getConversation = (id: number) => apiPost<ImConversation>('/im/info', { id });
export const listMessages = (query: {
  id: number;
  beforeSeq?: number;
  afterSeq?: number;
  pageSize?: number;
}) => apiPost<ImMessagePage>('/im/messages', query);
export const sendOverHttp = (body: {
  id: number;
  kind: 'text' | 'image' | 'file';
  text?: string;
  fileId?: string;
  cid: string;
}) => apiPost<ImMessage>('/im/send', body, { isSilent: true });
export const markReadOverHttp = (id: number, seq: number) =>
  apiPost<ImReadResult>('/im/read', { id, seq }, { isSilent: true });
export const searchMessages = (query: { id: number; keyword: string; page: number; pageSize: number }) =>
  apiPost<Page<ImMessage>>('/im/search', query);
export const startPrivateChat = (target: PrivateTarget) => apiPost<ImConversation>('/im/private', target);

export const listSquare = (query: { keyword: string; page: number; pageSize: number }) =>
  apiPost<Page<ImGroupSummary>>('/im/square', query);
export const createGroup = (body: {
  name: string;
  intro: string;
  isPublic: boolean;
  needApproval: boolean;
}) => apiPost<ImConversation>('/im/creategroup', body);
export const checkJoin = (target: { id?: number; code?: string }) =>
  apiPost<ImCheckJoinResult>('/im/checkjoin', target, { isSilent: true });
export const applyJoin = (body: { id?: number; code?: string; message?: string }) =>
  apiPost<{ status: 'joined' | 'pending'; id: number }>('/im/applyjoin', body);
export const createInvite = (id: number) =>
  apiPost<{ code: string; path: string; expiresAt: string }>('/im/invite', { id });
export const listApplications = (page = 1, pageSize = 50) =>
  apiPost<Page<ImApplication>>('/im/applications', { page, pageSize });
export const decideApplication = (id: number, approve: boolean) =>
  apiPost<{ status: string }>('/im/approvejoin', { id, approve });
export const listMembers = (id: number, page = 1, pageSize = 100) =>
  apiPost<Page<ImMember> & { myRole: MemberRole }>('/im/member', { id, page, pageSize });
export const muteMember = (id: number, tuid: string, minutes: number) =>
  apiPost<{ mutedUntil: string | null }>('/im/mute', { id, tuid, minutes });
export const setAdmin = (id: number, tuid: string, isAdmin: boolean) =>
  apiPost<{ role: MemberRole }>('/im/role', { id, tuid, isAdmin });
export const removeMember = (id: number, tuid: string) => apiPost<null>('/im/remove', { id, tuid });
export const leaveGroup = (id: number) => apiPost<null>('/im/leave', { id });
export const setNotify = (id: number, isNotifyOff: boolean) =>
  apiPost<{ isNotifyOff: boolean }>('/im/notify', { id, isNotifyOff });
export const setBlocked = (tuid: string, isBlocked: boolean) =>
  apiPost<{ isBlocked: boolean }>('/im/block', { tuid, isBlocked });
export const reportMessage = (messageId: number, reason: ReportReason, detail: string) =>
  apiPost<null>('/im/report', { messageId, reason, detail });
