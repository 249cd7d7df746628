/**
 * Upload tickets: starting one (slice URLs for the whole file), receiving a slice on the local
 * store, and reporting which slices are present so a client resumes after a dropped
 * connection. A ticket is reached only with its owner's id: another user's ticket and a
 * missing one get the same answer.
 */
import { randomBytes } from 'node:crypto';
import { Code, LIMITS, type UploadStartBody, type UploadStatus, type UploadTicket } from '@jq/contract';
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import { type UploadTicketRow, uploadTickets } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import type { StoragePort } from '../../platform/storage/index.js';
import { getUploadedFile } from './files.js';
import { isValidSliceSignature, localSliceUrl, partsPrefix, sliceKey } from './signing.js';

export interface UploadDeps {
  db: Db;
  /** On S3 (`presignPut`), slices go straight to the bucket. */
  storage: StoragePort;
  maxBytes: number;
}

/** How long a started upload may take, resumptions included. */
export const TICKET_TTL_MS = 24 * 60 * 60_000;
/** Unfinished uploads one user may have at once. */
export const MAX_OPEN_TICKETS = 20;
export const SLICE_BYTES = LIMITS.uploadSliceBytes;

export const ticketGone = () => new AppError(Code.NOT_FOUND, '上传任务不存在或已过期，请重新上传');

export const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Bytes slice `index` must hold: the slice size, the last one the remainder. */
export function sliceSizeOf(
  ticket: Pick<UploadTicketRow, 'size' | 'sliceSize' | 'sliceCount'>,
  index: number,
) {
  return index < ticket.sliceCount - 1
    ? ticket.sliceSize
    : ticket.size - ticket.sliceSize * (ticket.sliceCount - 1);
}

export async function findTicket(db: Db, userId: number, ticketId: string): Promise<UploadTicketRow | null> {
  const [row] = await db
    .select()
    .from(uploadTickets)
    .where(and(eq(uploadTickets.id, ticketId), eq(uploadTickets.userId, userId)));
  return row ?? null;
}

export async function startUpload(
  deps: UploadDeps,
  userId: number,
  input: UploadStartBody,
): Promise<UploadTicket> {
  if (input.size === 0) throw new AppError(Code.BAD_REQUEST, '文件是空的，请重新选择文件');
  if (input.size > deps.maxBytes) {
    throw new AppError(
      Code.PAYLOAD_TOO_LARGE,
      `文件超过 ${megabytes(deps.maxBytes)} 的上限，请压缩或拆分后上传`,
    );
  }
  const now = new Date();
  const [open] = await deps.db
    .select({ n: count() })
    .from(uploadTickets)
    .where(
      and(
        eq(uploadTickets.userId, userId),
        inArray(uploadTickets.state, ['open', 'assembling']),
        gt(uploadTickets.expiresAt, now),
      ),
    );
  if ((open?.n ?? 0) >= MAX_OPEN_TICKETS) {
    throw new AppError(Code.RATE_LIMITED, `同时进行的上传已有 ${MAX_OPEN_TICKETS} 个，请等其完成后再试`);
  }
  const id = randomBytes(18).toString('base64url');
  const sliceCount = Math.ceil(input.size / SLICE_BYTES);
  const expiresAt = new Date(now.getTime() + TICKET_TTL_MS);
  const [ticket] = await deps.db
    .insert(uploadTickets)
    .values({
      id,
      userId,
      purpose: input.purpose,
      filename: input.filename,
      size: input.size,
      sha256: input.sha256 ?? null,
      sliceSize: SLICE_BYTES,
      sliceCount,
      expiresAt,
    })
    .returning();
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const presign = deps.storage.presignPut;
  const slices = await Promise.all(
    Array.from({ length: sliceCount }, async (_, index) => ({
      index,
      size: sliceSizeOf(ticket!, index),
      method: 'PUT' as const,
      url: presign
        ? await presign(sliceKey(id, index), Math.floor(TICKET_TTL_MS / 1000))
        : await localSliceUrl(deps.db, id, index, exp, userId),
    })),
  );
  return {
    ticketId: id,
    mode: presign ? 'presigned' : 'local',
    sliceSize: SLICE_BYTES,
    sliceCount,
    maxBytes: deps.maxBytes,
    expiresAt: expiresAt.toISOString(),
    slices,
  };
}

/** Slice indexes present in the store (whichever way they arrived). */
export async function storedSlices(storage: StoragePort, ticket: UploadTicketRow): Promise<number[]> {
  const prefix = partsPrefix(ticket.id);
  return (await storage.list(prefix))
    .map((key) => Number(key.slice(prefix.length)))
    .filter((index) => Number.isInteger(index) && index >= 0 && index < ticket.sliceCount)
    .sort((a, b) => a - b);
}

const isLive = (ticket: UploadTicketRow) => ticket.expiresAt.getTime() > Date.now();

/** The PUT of a signed local slice URL: signature, owner, ticket state, index and exact size. */
export async function receiveSlice(
  deps: UploadDeps,
  userId: number,
  input: { ticketId: string; index: number; exp: number; sig: string; body: unknown },
): Promise<{ index: number; size: number; received: number }> {
  const signed = await isValidSliceSignature(deps.db, { ...input, userId });
  if (!signed || input.exp * 1000 < Date.now()) throw ticketGone();
  const ticket = await findTicket(deps.db, userId, input.ticketId);
  if (!ticket || !isLive(ticket) || ticket.state === 'expired') throw ticketGone();
  if (ticket.state !== 'open') {
    throw new AppError(
      Code.CONFLICT,
      ticket.state === 'failed' ? (ticket.error ?? '上传已失败，请重新上传') : '该文件已在合并或已上传完成',
    );
  }
  if (input.index >= ticket.sliceCount)
    throw new AppError(Code.BAD_REQUEST, `分片序号超出范围（共 ${ticket.sliceCount} 片）`);
  const body = Buffer.isBuffer(input.body) ? input.body : Buffer.alloc(0);
  const expected = sliceSizeOf(ticket, input.index);
  if (body.length !== expected) {
    throw new AppError(
      Code.BAD_REQUEST,
      `第 ${input.index + 1} 片应为 ${expected} 字节，收到 ${body.length} 字节，请重新上传该片`,
    );
  }
  // The same slice again overwrites itself: a retried PUT is harmless.
  await deps.storage.put(sliceKey(ticket.id, input.index), body, { contentType: 'application/octet-stream' });
  const received = (await storedSlices(deps.storage, ticket)).length;
  await deps.db
    .update(uploadTickets)
    .set({ slicesReceived: received, updatedAt: new Date() })
    .where(eq(uploadTickets.id, ticket.id));
  return { index: input.index, size: body.length, received };
}

export async function uploadStatus(
  deps: UploadDeps,
  userId: number,
  ticketId: string,
): Promise<UploadStatus> {
  const ticket = await findTicket(deps.db, userId, ticketId);
  if (!ticket) throw ticketGone();
  const expired = ticket.state === 'expired' || (ticket.state !== 'completed' && !isLive(ticket));
  const received = ticket.state === 'open' && !expired ? await storedSlices(deps.storage, ticket) : [];
  const present = new Set(received);
  const file = ticket.fileId ? await getUploadedFile(deps.db, ticket.fileId, userId) : null;
  return {
    ticketId: ticket.id,
    state: expired ? 'expired' : (ticket.state as UploadStatus['state']),
    sliceCount: ticket.sliceCount,
    received:
      ticket.state === 'completed' ? Array.from({ length: ticket.sliceCount }, (_, i) => i) : received,
    missing:
      ticket.state === 'open' && !expired
        ? Array.from({ length: ticket.sliceCount }, (_, i) => i).filter((i) => !present.has(i))
        : [],
    expiresAt: ticket.expiresAt.toISOString(),
    file,
    error: ticket.error,
  };
}
