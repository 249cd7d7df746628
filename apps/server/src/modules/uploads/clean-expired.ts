/**
 * The scheduled sweep (`uploads.clean-expired`): tickets past their expiry that never
 * completed become expired, and every slice folder whose ticket is no longer open (expired,
 * failed, completed, or gone) is emptied. Old finished ticket rows are deleted; the files
 * they made stay.
 */
import { and, inArray, lt, or } from 'drizzle-orm';
import { uploadTickets } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';
import type { StoragePort } from '../../platform/storage/index.js';

/** Finished ticket rows are kept this long (support can see what happened), then deleted. */
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60_000;
const PARTS_ROOT = 'uploads/parts/';

export async function cleanExpiredUploads(
  db: Db,
  storage: StoragePort,
  now = new Date(),
): Promise<{ expired: number; slicesDeleted: number; rowsDeleted: number }> {
  const expired = await db
    .update(uploadTickets)
    .set({ state: 'expired', updatedAt: now })
    .where(and(inArray(uploadTickets.state, ['open', 'assembling']), lt(uploadTickets.expiresAt, now)))
    .returning({ id: uploadTickets.id });

  const byTicket = new Map<string, string[]>();
  for (const key of await storage.list(PARTS_ROOT)) {
    const ticketId = key.slice(PARTS_ROOT.length).split('/')[0]!;
    byTicket.set(ticketId, [...(byTicket.get(ticketId) ?? []), key]);
  }
  const live = new Set<string>();
  const ids = [...byTicket.keys()];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({ id: uploadTickets.id, state: uploadTickets.state })
      .from(uploadTickets)
      .where(inArray(uploadTickets.id, ids.slice(i, i + 500)));
    for (const row of rows) if (row.state === 'open' || row.state === 'assembling') live.add(row.id);
  }
  let slicesDeleted = 0;
  for (const [ticketId, keys] of byTicket) {
    if (live.has(ticketId)) continue;
    for (const key of keys) await storage.delete(key);
    slicesDeleted += keys.length;
  }

  const old = new Date(now.getTime() - KEEP_FINISHED_MS);
  const deleted = await db
    .delete(uploadTickets)
    .where(
      and(
        inArray(uploadTickets.state, ['expired', 'failed', 'completed']),
        or(lt(uploadTickets.expiresAt, old), lt(uploadTickets.completedAt, old)),
      ),
    )
    .returning({ id: uploadTickets.id });
  return { expired: expired.length, slicesDeleted, rowsDeleted: deleted.length };
}
