/**
 * Collections: a user's named, described lists of files, private or public. Anyone may read a
 * public collection, but its file list only shows the files that reader may read (another
 * user's private file in it stays hidden). Only the owner changes or deletes one.
 */
import type { KbCollection } from '@jq/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { KnowledgeConfig } from '../../config.js';
import { kbCollectionFiles, kbCollections } from '../../db/schema.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { PLATFORM_NAME, presentFiles, readFiles } from './file-rows.js';
import { collectionNotFound, fileNotFound, type Viewer } from './viewer.js';

type Raw = Record<string, unknown>;

const COLUMNS = sql`k.id, k.owner_id, k.name, k.description, k.visibility, k.created_at, k.updated_at,
  coalesce(u.name, '') as owner_name,
  (select count(*) from kb_collection_files m where m.collection_id = k.id) as file_count`;

function present(r: Raw, viewer: Viewer): KbCollection {
  const iso = (v: unknown) => new Date(v as string).toISOString();
  return {
    id: Number(r.id),
    name: String(r.name),
    description: String(r.description),
    visibility: r.visibility as 'private' | 'public',
    fileCount: Number(r.file_count),
    ownerName: String(r.owner_name) || (r.owner_id === null ? PLATFORM_NAME : '金桥用户'),
    isMine: viewer.userId !== null && Number(r.owner_id) === viewer.userId,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** A collection the caller may read: their own, or a public one. */
export async function readCollection(db: Db, viewer: Viewer, id: number): Promise<KbCollection> {
  const [row] = await selectRows<Raw>(
    db,
    sql`select ${COLUMNS} from kb_collections k left join users u on u.id = k.owner_id
      where k.id = ${id} and (k.owner_id = ${viewer.userId ?? 0} or k.visibility = 'public')`,
  );
  if (!row) throw collectionNotFound();
  return present(row, viewer);
}

export async function collectionDetail(db: Db, viewer: Viewer, id: number, config: KnowledgeConfig) {
  const collection = await readCollection(db, viewer, id);
  const members = await db
    .select({ fileId: kbCollectionFiles.fileId })
    .from(kbCollectionFiles)
    .where(eq(kbCollectionFiles.collectionId, id))
    .orderBy(asc(kbCollectionFiles.position), asc(kbCollectionFiles.fileId));
  const rows = await readFiles(
    db,
    viewer,
    members.map((m) => m.fileId),
  );
  return { collection, files: await presentFiles(db, rows, viewer, config) };
}

export async function listCollections(
  db: Db,
  viewer: Viewer,
  query: { page: number; pageSize: number; mine?: boolean | undefined; keyword?: string | undefined },
) {
  const mine = Boolean(query.mine) && viewer.userId !== null;
  const keyword = query.keyword ? `%${query.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`${mine ? sql`k.owner_id = ${viewer.userId}` : sql`k.visibility = 'public'`}
    ${keyword ? sql`and (k.name ilike ${keyword} or k.description ilike ${keyword})` : sql``}`;
  const [total] = await selectRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from kb_collections k where ${where}`,
  );
  const rows = await selectRows<Raw>(
    db,
    sql`select ${COLUMNS} from kb_collections k left join users u on u.id = k.owner_id where ${where}
      order by k.updated_at desc, k.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  return {
    list: rows.map((r) => present(r, viewer)),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

export interface CollectionInput {
  id?: number | undefined;
  collectionName: string;
  summary?: string | undefined;
  visibility?: 'private' | 'public' | undefined;
  fileIds?: number[] | undefined;
}

/** Creates or updates one's own collection; its files must be ones the owner may read. */
export async function saveCollection(db: Db, viewer: Viewer, input: CollectionInput): Promise<KbCollection> {
  const me = viewer.userId!;
  const fileIds = input.fileIds ? [...new Set(input.fileIds)] : undefined;
  if (fileIds?.length) {
    const readable = await readFiles(db, viewer, fileIds);
    if (readable.length !== fileIds.length) throw fileNotFound();
  }
  const id = await db.transaction(async (tx) => {
    let id = input.id;
    if (id === undefined) {
      const [row] = await tx
        .insert(kbCollections)
        .values({
          ownerId: me,
          name: input.collectionName,
          description: input.summary ?? '',
          visibility: input.visibility ?? 'private',
        })
        .returning({ id: kbCollections.id });
      id = row!.id;
    } else {
      const set: Partial<typeof kbCollections.$inferInsert> = {
        name: input.collectionName,
        updatedAt: new Date(),
      };
      if (input.summary !== undefined) set.description = input.summary;
      if (input.visibility) set.visibility = input.visibility;
      const rows = await tx
        .update(kbCollections)
        .set(set)
        .where(and(eq(kbCollections.id, id), eq(kbCollections.ownerId, me)))
        .returning({ id: kbCollections.id });
      if (!rows.length) throw collectionNotFound();
    }
    if (fileIds) {
      await tx.delete(kbCollectionFiles).where(eq(kbCollectionFiles.collectionId, id));
      if (fileIds.length)
        await tx
          .insert(kbCollectionFiles)
          .values(fileIds.map((fileId, position) => ({ collectionId: id!, fileId, position })));
    }
    return id;
  });
  return readCollection(db, viewer, id);
}

export async function deleteCollection(db: Db, viewer: Viewer, id: number) {
  const rows = await db
    .delete(kbCollections)
    .where(and(eq(kbCollections.id, id), eq(kbCollections.ownerId, viewer.userId!)))
    .returning({ id: kbCollections.id });
  if (!rows.length) throw collectionNotFound();
  return { id, isDeleted: true };
}
