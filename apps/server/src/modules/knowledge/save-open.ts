/**
 * Saving a public file into one's own base: a row that points at the original (its pages,
 * chunks and bytes are not copied), so the saver reads all of it from then on. A file with a
 * price is unlocked at that price in the same step — the buyer's charge, the owner's share,
 * the unlock and the copy are one transaction — and a second save costs nothing.
 */
import { Code } from '@jq/contract';
import { and, eq } from 'drizzle-orm';
import type { KnowledgeConfig } from '../../config.js';
import { kbEvents, kbFiles, kbUnlocks } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import { getBalance } from '../billing/index.js';
import { type FileRow, readFile } from './file-rows.js';
import { presentOne } from './files.js';
import { payWithIncome } from './income.js';
import { fileNotFound, type Viewer } from './viewer.js';

async function copyOf(db: Db, ownerId: number, contentId: number) {
  const [row] = await db
    .select({ id: kbFiles.id })
    .from(kbFiles)
    .where(and(eq(kbFiles.ownerId, ownerId), eq(kbFiles.sourceFileId, contentId)));
  return row?.id;
}

function copyValues(ownerId: number, file: FileRow) {
  return {
    ownerId,
    sourceFileId: file.contentId,
    title: file.title,
    description: file.description,
    filename: file.filename,
    kind: file.kind,
    sizeBytes: file.size,
    status: 'ready' as const,
    progress: 100,
  };
}

export async function saveOpenFile(db: Db, viewer: Viewer, config: KnowledgeConfig, id: number) {
  const me = viewer.userId!;
  const file = await readFile(db, viewer, id);
  if (file?.visibility !== 'public' || file.sourceFileId !== null) {
    if (file && file.ownerId === me) throw new AppError(Code.BAD_REQUEST, '这已经是你知识库里的文件');
    throw fileNotFound();
  }
  if (file.ownerId === me) throw new AppError(Code.BAD_REQUEST, '这是你自己上传的文件，无需收藏');
  const existing = await copyOf(db, me, file.contentId);
  if (existing)
    return {
      file: await presentOne({ db, config }, viewer, existing),
      charged: 0,
      power: await getBalance(db, me),
    };

  const needsPay = file.price > 0 && file.access === 'preview' && file.contentOwnerId !== null;
  let charged = 0;
  const write = async (tx: Db) => {
    if (needsPay)
      await tx
        .insert(kbUnlocks)
        .values({ userId: me, fileId: file.contentId, credits: file.price })
        .onConflictDoNothing();
    await tx.insert(kbFiles).values(copyValues(me, file)).onConflictDoNothing();
    await tx.insert(kbEvents).values({ fileId: file.contentId, kind: 'save', actor: `u:${me}` });
  };
  if (needsPay) {
    const result = await payWithIncome(
      db,
      config,
      {
        buyerId: me,
        price: file.price,
        kind: 'unlock',
        reference: `kbunlock:${file.contentId}:${me}`,
        what: `解锁知识库文件：${file.title.slice(0, 60)}`,
        files: [{ fileId: file.contentId, ownerId: file.contentOwnerId!, title: file.title }],
      },
      write,
    );
    if (!result.ok)
      throw new AppError(
        Code.FORBIDDEN,
        `算力不足：解锁该文件需要 ${file.price} 算力，当前余额 ${result.balance}，请先充值`,
        {
          data: { need: file.price, power: result.balance },
        },
      );
    // A repeated charge (isDuplicate) ran no writes: the unlock exists; make the copy now.
    if (result.isDuplicate) await db.transaction(async (tx) => write(tx as unknown as Db));
    else charged = file.price;
  } else {
    await db.transaction(async (tx) => write(tx as unknown as Db));
  }
  const copyId = await copyOf(db, me, file.contentId);
  if (!copyId) throw new AppError(Code.CONFLICT, '收藏未完成，请重试');
  return { file: await presentOne({ db, config }, viewer, copyId), charged, power: await getBalance(db, me) };
}
