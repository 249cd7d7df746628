/**
 * The chat rows' use cases: opening a chat or a research chat, deleting one, leaving one
 * (stopping its generation) and the caller's quota for one. Each reads the conversation
 * through its owner (conversations.ts), so another caller's conversation is never touched.
 */
import { Code, type Conversation, type RemainingChats } from '@jq/contract';
import { AppError } from '../../errors.js';
import { DEFAULT_AGENT, findAgent, RESEARCH_AGENT } from './agents.js';
import type { AssistantDeps } from './context.js';
import {
  createConversation,
  deleteConversation,
  getMessages,
  getOwnedConversation,
  isGenerating,
  toConversation,
} from './conversations.js';
import type { Owner } from './owner.js';
import { getRemainingChats } from './quota.js';

type Db = AssistantDeps['db'];

interface NewChat {
  action: string;
  agent?: string | undefined;
  title?: string | undefined;
}

/** Refuses an agent id that is not on the list (no id: the kind's default). */
export function checkAgent(agent: string | undefined) {
  if (agent && !findAgent(agent)) throw new AppError(Code.BAD_REQUEST, '参数「智能体」有误：没有这个智能体');
}

const isResearchAction = (action: string) => action.toLowerCase().startsWith('mix');

export async function startChat(db: Db, owner: Owner, input: NewChat): Promise<Conversation> {
  checkAgent(input.agent);
  if (isResearchAction(input.action))
    throw new AppError(Code.BAD_REQUEST, '参数「操作类型」有误：研报对话请用 createmixchat');
  const row = await createConversation(db, owner, {
    kind: 'chat',
    action: input.action,
    agent: input.agent ?? DEFAULT_AGENT.id,
    title: input.title,
  });
  return toConversation(row, 0);
}

/** A research chat, limited to `reportIds` when some are given. */
export async function startResearchChat(
  db: Db,
  owner: Owner,
  input: NewChat & { reportIds?: number[] | undefined },
): Promise<Conversation> {
  checkAgent(input.agent);
  const row = await createConversation(db, owner, {
    kind: 'mixchat',
    action: isResearchAction(input.action) ? input.action : `mix${input.action}`,
    agent: input.agent ?? RESEARCH_AGENT.id,
    title: input.title,
    reportIds: [...new Set(input.reportIds ?? [])],
  });
  return toConversation(row, 0);
}

/** Deletes the caller's conversation, stopping its generation first (in whichever process runs it). */
export async function deleteChat(deps: AssistantDeps, owner: Owner, chatuuid: string) {
  const row = await getOwnedConversation(deps.db, chatuuid, owner);
  await deps.generations.stop(row.uuid);
  await deleteConversation(deps.db, row);
  return { chatuuid: row.uuid, isDeleted: true };
}

/** Stops the caller's running generation, if any; `isStopped` says whether one was running. */
export async function leaveChat(deps: AssistantDeps, owner: Owner, chatuuid: string) {
  const row = await getOwnedConversation(deps.db, chatuuid, owner);
  const wasGenerating =
    deps.generations.isRunning(row.uuid) || isGenerating(await getMessages(deps.db, row.id));
  await deps.generations.stop(row.uuid);
  return { chatuuid: row.uuid, isStopped: wasGenerating };
}

/** Today's free turns left; with a conversation (the caller's), also whether it is unlocked. */
export async function remainingChats(
  deps: AssistantDeps,
  owner: Owner,
  chatuuid: string | undefined,
): Promise<RemainingChats> {
  if (chatuuid) await getOwnedConversation(deps.db, chatuuid, owner);
  return getRemainingChats(deps.db, owner, deps.config, chatuuid);
}
