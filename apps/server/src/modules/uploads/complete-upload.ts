/**
 * Completing an upload: one caller claims the ticket (open → assembling, a conditional
 * update), the slices are read in order and checked against their sizes, the whole is hashed
 * (and compared with the declared SHA-256), its kind read from its bytes, and the file stored.
 * Completing a completed ticket answers the same file again, so a client that lost the answer
 * may simply ask again. A missing or wrong-sized slice sends the ticket back to open with the
 * slices to send; bytes that can never become a file (wrong kind, wrong hash) fail the ticket.
 */
import { Code, type UploadedFile, type UploadPurpose } from '@jq/contract';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import { type UploadTicketRow, uploadTickets } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { getUploadedFile, sha256Of, storeFile } from './files.js';
import { partsPrefix, sliceKey } from './signing.js';
import { findTicket, megabytes, sliceSizeOf, storedSlices, ticketGone, type UploadDeps } from './tickets.js';

/** An assembly that has not finished in this time is taken to have died with its process. */
const ASSEMBLY_STALE_MS = 5 * 60_000;

async function claim(deps: UploadDeps, userId: number, ticketId: string): Promise<UploadTicketRow | null> {
  const now = new Date();
  const [row] = await deps.db
    .update(uploadTickets)
    .set({ state: 'assembling', updatedAt: now })
    .where(
      and(
        eq(uploadTickets.id, ticketId),
        eq(uploadTickets.userId, userId),
        gt(uploadTickets.expiresAt, now),
        or(
          eq(uploadTickets.state, 'open'),
          and(
            eq(uploadTickets.state, 'assembling'),
            lt(uploadTickets.updatedAt, new Date(now.getTime() - ASSEMBLY_STALE_MS)),
          ),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

async function setState(
  deps: UploadDeps,
  ticketId: string,
  values: Partial<typeof uploadTickets.$inferInsert>,
) {
  await deps.db
    .update(uploadTickets)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(uploadTickets.id, ticketId));
}

async function dropSlices(deps: UploadDeps, ticketId: string) {
  for (const key of await deps.storage.list(partsPrefix(ticketId))) await deps.storage.delete(key);
}

/** Why the ticket cannot be completed now, when another caller holds it or it is over. */
async function refusal(deps: UploadDeps, userId: number, ticketId: string): Promise<UploadedFile> {
  const ticket = await findTicket(deps.db, userId, ticketId);
  if (!ticket) throw ticketGone();
  if (ticket.state === 'completed' && ticket.fileId) {
    const file = await getUploadedFile(deps.db, ticket.fileId, userId);
    if (file) return file;
  }
  if (ticket.state === 'failed')
    throw new AppError(Code.BAD_REQUEST, ticket.error ?? '上传已失败，请重新上传');
  if (ticket.state === 'assembling') throw new AppError(Code.CONFLICT, '文件正在合并，请稍候再查询');
  throw ticketGone();
}

export async function completeUpload(
  deps: UploadDeps,
  userId: number,
  ticketId: string,
): Promise<UploadedFile> {
  const ticket = await claim(deps, userId, ticketId);
  if (!ticket) return refusal(deps, userId, ticketId);

  const fail = async (error: AppError): Promise<never> => {
    await setState(deps, ticket.id, { state: 'failed', error: error.message });
    await dropSlices(deps, ticket.id);
    throw error;
  };
  const reopen = async (error: AppError): Promise<never> => {
    await setState(deps, ticket.id, { state: 'open' });
    throw error;
  };

  try {
    const present = new Set(await storedSlices(deps.storage, ticket));
    const missing = Array.from({ length: ticket.sliceCount }, (_, i) => i).filter((i) => !present.has(i));
    if (missing.length) {
      return await reopen(
        new AppError(Code.BAD_REQUEST, `还有 ${missing.length} 片未上传，请上传后再完成`, {
          data: { missing },
        }),
      );
    }
    const parts: Buffer[] = [];
    for (let index = 0; index < ticket.sliceCount; index++) {
      const object = await deps.storage.get(sliceKey(ticket.id, index));
      const expected = sliceSizeOf(ticket, index);
      if (!object || object.size !== expected) {
        // Slices put straight into a bucket are checked only here: drop the bad one and ask again.
        await deps.storage.delete(sliceKey(ticket.id, index));
        return await reopen(
          new AppError(
            Code.BAD_REQUEST,
            `第 ${index + 1} 片大小不正确（应为 ${expected} 字节），请重新上传该片`,
            {
              data: { missing: [index] },
            },
          ),
        );
      }
      parts.push(object.body);
    }
    const bytes = Buffer.concat(parts);
    if (bytes.length > deps.maxBytes) {
      return await fail(new AppError(Code.PAYLOAD_TOO_LARGE, `文件超过 ${megabytes(deps.maxBytes)} 的上限`));
    }
    const sha256 = sha256Of(bytes);
    if (ticket.sha256 && ticket.sha256 !== sha256) {
      return await fail(
        new AppError(Code.BAD_REQUEST, '文件校验失败（SHA-256 不一致），传输中可能出错，请重新上传'),
      );
    }
    let file: UploadedFile;
    try {
      file = await storeFile(deps, userId, {
        purpose: ticket.purpose as UploadPurpose,
        filename: ticket.filename,
        bytes,
        sha256,
      });
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return await fail(error);
      throw error;
    }
    await setState(deps, ticket.id, {
      state: 'completed',
      fileId: file.id,
      storageKey: file.key,
      slicesReceived: ticket.sliceCount,
      completedAt: new Date(),
    });
    await dropSlices(deps, ticket.id).catch(() => {});
    return file;
  } catch (error) {
    // Anything unexpected (the store down): let the client complete again later.
    const [current] = await deps.db
      .select({ state: uploadTickets.state })
      .from(uploadTickets)
      .where(eq(uploadTickets.id, ticket.id));
    if (current?.state === 'assembling') await setState(deps, ticket.id, { state: 'open' }).catch(() => {});
    throw error;
  }
}
