/**
 * reportcreate: the conversation's questions and answers organised as a report, the quote
 * blocks of every answer renumbered into one list so each `[n]` still points at its page.
 */
import { type ChatReport, Code, type Quote } from '@jq/contract';
import type { ChatMessageRow } from '../../db/schema.js';
import { chatReports } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import { LOCAL_NOTE } from './compose-local.js';
import { getMessages, getOwnedConversation } from './conversations.js';
import type { Owner } from './owner.js';

export function assembleReport(
  title: string,
  messages: ChatMessageRow[],
): { content: string; quotes: Quote[] } {
  const quotes: Quote[] = [];
  const sections: string[] = [`# ${title}`, ''];
  let question = '';
  for (const m of messages) {
    if (m.role === 'user') {
      question = m.content;
      continue;
    }
    if (m.status === 'error' || !m.content.trim()) continue;
    const renumber = new Map<number, number>();
    for (const q of m.quotes) {
      const n = quotes.length + 1;
      renumber.set(q.n, n);
      quotes.push({ ...q, n });
    }
    const body = m.content
      .replace(LOCAL_NOTE, '')
      .replace(/\[(\d{1,3})\]/g, (all, d: string) =>
        renumber.has(Number(d)) ? `[${renumber.get(Number(d))}]` : all,
      )
      .replace(/^#{1,2} /gm, '### ')
      .trim();
    sections.push(`## ${oneLine(question) || '回答'}`, '', body, '');
  }
  if (quotes.length) {
    sections.push('## 参考来源', '');
    for (const q of quotes) sections.push(`${q.n}. 《${q.title}》第 ${q.pages.join('、')} 页`);
  }
  return { content: sections.join('\n').trim(), quotes };
}

/** A report from the signed-in caller's conversation, saved under their name. */
export async function createChatReport(
  db: Db,
  owner: Owner,
  input: { chatuuid: string; title?: string | undefined },
): Promise<ChatReport> {
  const conversation = await getOwnedConversation(db, input.chatuuid, owner);
  const userId = owner.userId;
  if (userId === null) throw new AppError(Code.UNAUTHORIZED);
  const title = input.title;
  const messages = await getMessages(db, conversation.id);
  if (!messages.some((m) => m.role === 'assistant' && m.content.trim())) {
    throw new AppError(Code.BAD_REQUEST, '该对话还没有回答，无法生成报告');
  }
  const name = (title || conversation.title || '对话报告').slice(0, 100);
  const { content, quotes } = assembleReport(name, messages);
  const [row] = await db
    .insert(chatReports)
    .values({ userId, chatUuid: conversation.uuid, title: name, content, quotes })
    .returning();
  return {
    id: row!.id,
    chatuuid: row!.chatUuid,
    title: row!.title,
    content: row!.content,
    quotes: row!.quotes,
    createdAt: row!.createdAt.toISOString(),
  };
}

function oneLine(text: string): string {
  return Array.from(text.replace(/\s+/g, ' ').trim()).slice(0, 60).join('');
}
