/** Messages as the wire shows them: the row with its sender and its file, one query. */
import type { ImFile, ImMessage, ImPerson } from '@jq/contract';
import { eq } from 'drizzle-orm';
import { imMessages, type User, uploadedFiles, users } from '../../db/schema.js';
import { type Conn, iso } from './context.js';

const columns = {
  id: imMessages.id,
  conv: imMessages.conversationId,
  seq: imMessages.seq,
  kind: imMessages.kind,
  body: imMessages.body,
  cid: imMessages.clientId,
  at: imMessages.createdAt,
  uguid: users.uguid,
  name: users.name,
  avatar: users.avatar,
  fileId: uploadedFiles.id,
  fileName: uploadedFiles.filename,
  fileSize: uploadedFiles.size,
  fileMime: uploadedFiles.contentType,
  fileKind: uploadedFiles.kind,
};

/** `select … from im_messages` joined to its sender and file; add where / order / limit. */
export function selectMessages(conn: Conn) {
  return conn
    .select(columns)
    .from(imMessages)
    .leftJoin(users, eq(users.id, imMessages.senderId))
    .leftJoin(uploadedFiles, eq(uploadedFiles.id, imMessages.uploadId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

export const fileUrl = (id: string) => `/api/im/file/${id}`;
export const IMAGE_KINDS = ['jpg', 'png', 'webp', 'gif'];

export function toFile(file: { id: string; name: string; size: number; mime: string; kind: string }): ImFile {
  return {
    id: file.id,
    name: file.name,
    size: file.size,
    mime: file.mime,
    isImage: IMAGE_KINDS.includes(file.kind),
    url: fileUrl(file.id),
  };
}

export function toPerson(user: Pick<User, 'uguid' | 'name' | 'avatar'>): ImPerson {
  return { uguid: user.uguid, name: user.name || '金桥用户', avatar: user.avatar };
}

export function toMessage(row: Row): ImMessage {
  return {
    id: row.id,
    conv: row.conv,
    seq: row.seq,
    kind: row.kind,
    sender: row.uguid ? toPerson({ uguid: row.uguid, name: row.name ?? '', avatar: row.avatar ?? '' }) : null,
    text: row.body,
    file:
      row.fileId !== null
        ? toFile({
            id: row.fileId,
            name: row.fileName ?? '',
            size: row.fileSize ?? 0,
            mime: row.fileMime ?? '',
            kind: row.fileKind ?? '',
          })
        : null,
    cid: row.cid,
    at: iso(row.at),
  };
}
