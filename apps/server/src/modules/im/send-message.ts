/**
 * Sending a message: checks (member, not muted, not blocked, own file, rate), then the next
 * seq of the conversation under its row lock, the row, and the sender's read position, in
 * one transaction; then delivery to every member's sockets on every process. A retry with
 * the same client id answers the message already stored instead of storing a second one.
 */
import { Code, IM_LIMITS, type ImMessage, type ImSendInput } from '@jq/contract';
import { and, eq, sql } from 'drizzle-orm';
import { imMessages, type User, uploadedFiles } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { selectRows } from '../../platform/database/index.js';
import { type Conn, type ImContext, iso, isUniqueViolation, NO_CONVERSATION, type Tx } from './context.js';
import { IMAGE_KINDS, selectMessages, toFile, toMessage, toPerson } from './message-rows.js';

export interface NewMessage {
  senderId: number | null;
  kind: ImMessage['kind'];
  body: string;
  uploadId?: string | null;
  clientId?: string;
}

/** Appends a message to a conversation inside `tx`; answers it with its seq. */
export async function appendMessage(tx: Tx, convId: number, message: NewMessage): Promise<ImMessage> {
  const { id } = await insertMessage(tx, convId, message);
  return loadMessage(tx, id);
}

/**
 * One statement (atomic without a transaction of its own, a round trip less on the hot
 * path): the next seq under the conversation's row lock — only while the sender is still a
 * member — the row, the sender's own read position, and the members to deliver to.
 */
async function insertMessage(conn: Conn, convId: number, message: NewMessage) {
  const sender = message.senderId;
  const [row] = await selectRows<{
    id: string | number;
    seq: string | number;
    at: Date | string;
    members: unknown;
  }>(
    conn as never,
    sql`with c as (
        update im_conversations set last_seq = last_seq + 1, updated_at = now()
        where id = ${convId} and (${sender}::bigint is null or exists (
          select 1 from im_members where conversation_id = ${convId} and user_id = ${sender}))
        returning last_seq),
      ins as (
        insert into im_messages (conversation_id, seq, sender_id, kind, body, upload_id, client_id)
        select ${convId}, c.last_seq, ${sender}, ${message.kind}, ${message.body}, ${message.uploadId ?? null},
          ${message.clientId ?? ''} from c
        returning id, seq, created_at),
      rd as (
        update im_members set read_seq = greatest(read_seq, (select seq from ins))
        where conversation_id = ${convId} and user_id = ${sender})
      select ins.id, ins.seq, ins.created_at as at,
        array(select user_id from im_members where conversation_id = ${convId}) as members
      from ins`,
  );
  if (!row) throw new AppError(Code.NOT_FOUND, NO_CONVERSATION);
  return { id: Number(row.id), seq: Number(row.seq), at: row.at, members: parseIds(row.members) };
}

/** A bigint[] as either driver answers it: an array, or PostgreSQL's text form `{1,2}`. */
function parseIds(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string') return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  return [];
}

export async function loadMessage(conn: Conn, id: number): Promise<ImMessage> {
  const [row] = await selectMessages(conn).where(eq(imMessages.id, id));
  if (!row) throw new AppError(Code.NOT_FOUND, '消息不存在');
  return toMessage(row);
}

interface SendState {
  kind: 'private' | 'group';
  muted_until: string | Date | null;
  recent: number | string;
  existing_id: number | string | null;
  peer_id: number | string | null;
  blocked_by_me: boolean;
  blocked_me: boolean;
}

/**
 * Everything a send is checked against, in one query (a send is the hot path): membership,
 * mute, the other person and blocks in a private chat, the sender's recent messages (counted
 * from the messages themselves, so the limit holds across every server process), and a
 * message already stored under the same client id.
 */
async function sendState(conn: Conn, user: User, input: ImSendInput): Promise<SendState | null> {
  const since = new Date(Date.now() - IM_LIMITS.sendWindowMs);
  const [state] = await selectRows<SendState>(
    conn as never,
    sql`select c.kind, m.muted_until,
      (select count(*) from im_messages r where r.sender_id = ${user.id} and r.created_at > ${since}) as recent,
      (select e.id from im_messages e where ${input.cid} <> '' and e.conversation_id = c.id
        and e.sender_id = ${user.id} and e.client_id = ${input.cid}) as existing_id,
      p.user_id as peer_id,
      exists (select 1 from im_blocks b where b.user_id = ${user.id} and b.blocked_user_id = p.user_id) as blocked_by_me,
      exists (select 1 from im_blocks b where b.user_id = p.user_id and b.blocked_user_id = ${user.id}) as blocked_me
    from im_members m
    join im_conversations c on c.id = m.conversation_id
    left join lateral (select o.user_id from im_members o
      where c.kind = 'private' and o.conversation_id = c.id and o.user_id <> ${user.id} limit 1) p on true
    where m.conversation_id = ${input.id} and m.user_id = ${user.id}`,
  );
  return state ?? null;
}

function refuse(state: SendState | null): void {
  if (!state) throw new AppError(Code.NOT_FOUND, NO_CONVERSATION);
  if (state.kind === 'group' && state.muted_until && new Date(state.muted_until) > new Date()) {
    throw new AppError(Code.FORBIDDEN, '你已被禁言，暂时不能发言');
  }
  if (state.kind === 'private') {
    if (state.peer_id === null) throw new AppError(Code.FORBIDDEN, '对方已不在此会话中');
    if (state.blocked_by_me) throw new AppError(Code.FORBIDDEN, '你已屏蔽对方，解除屏蔽后才能发送');
    if (state.blocked_me) throw new AppError(Code.FORBIDDEN, '对方已拒收你的消息');
  }
  if (Number(state.recent) >= IM_LIMITS.sendPerWindow) {
    throw new AppError(Code.RATE_LIMITED, '发送太频繁，请稍后再试');
  }
}

/** The sender's own upload, an image for an image message, within the size limits. */
async function checkAttachment(conn: Conn, user: User, input: ImSendInput) {
  const [file] = await conn
    .select({
      id: uploadedFiles.id,
      name: uploadedFiles.filename,
      kind: uploadedFiles.kind,
      size: uploadedFiles.size,
      mime: uploadedFiles.contentType,
    })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.id, input.fileId!), eq(uploadedFiles.userId, user.id)));
  if (!file) throw new AppError(Code.BAD_REQUEST, '文件不存在，请重新上传');
  const isImage = IMAGE_KINDS.includes(file.kind);
  if (input.kind === 'image' && !isImage) throw new AppError(Code.BAD_REQUEST, '该文件不是图片');
  const limit = isImage ? IM_LIMITS.imageMaxBytes : IM_LIMITS.fileMaxBytes;
  if (file.size > limit) {
    throw new AppError(
      Code.PAYLOAD_TOO_LARGE,
      `${isImage ? '图片' : '文件'}不能超过 ${limit / 1024 / 1024} MB`,
    );
  }
  return file;
}

async function findByClientId(conn: Conn, convId: number, senderId: number, cid: string) {
  const [row] = await conn
    .select({ id: imMessages.id })
    .from(imMessages)
    .where(
      and(
        eq(imMessages.conversationId, convId),
        eq(imMessages.senderId, senderId),
        eq(imMessages.clientId, cid),
      ),
    );
  return row ? loadMessage(conn, row.id) : null;
}

export async function sendMessage(ctx: ImContext, user: User, input: ImSendInput): Promise<ImMessage> {
  const { db } = ctx;
  const state = await sendState(db, user, input);
  // A retry of a message already stored answers that message (members only).
  if (state && state.existing_id !== null) return loadMessage(db, Number(state.existing_id));
  refuse(state);
  const file = input.kind === 'text' ? null : await checkAttachment(db, user, input);
  // A file message's text is its name, so search finds it; an image has none.
  const body = input.kind === 'file' ? file!.name : input.kind === 'image' ? '' : input.text;
  let row: Awaited<ReturnType<typeof insertMessage>>;
  try {
    row = await insertMessage(db, input.id, {
      senderId: user.id,
      kind: input.kind,
      body,
      uploadId: file?.id ?? null,
      clientId: input.cid,
    });
  } catch (error) {
    // Two sends of one client id at once: the second finds the first.
    const earlier =
      input.cid && isUniqueViolation(error) && (await findByClientId(db, input.id, user.id, input.cid));
    if (earlier) return earlier;
    throw error;
  }
  const message: ImMessage = {
    id: row.id,
    conv: input.id,
    seq: row.seq,
    kind: input.kind,
    sender: toPerson(user),
    text: body,
    file: file ? toFile(file) : null,
    cid: input.cid,
    at: iso(row.at),
  };
  await ctx.deliver(row.members, { t: 'msg', m: message });
  return message;
}
