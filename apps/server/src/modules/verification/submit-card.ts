/**
 * `updateBcard`: the user submits the card image they uploaded. The image is read back from
 * storage and checked again (an S3 upload never passed through us), OCR reads it, the fields
 * are extracted, and a new verification case starts; any open one is closed.
 */
import { Code, messages } from '@jq/contract';
import { businessCards, type User, verificationCases } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import type { OcrPort } from '../../platform/ocr/index.js';
import type { StoragePort } from '../../platform/storage/index.js';
import { cancelOpenCases, findCurrentCard, loadProfile } from './cases.js';
import { planDialogue } from './dialogue.js';
import { extractCardFields, isCardReadable } from './extract-fields.js';
import { takeRateToken } from './rate-limit.js';
import { cardUrlOf, checkCardImage, hasUploadTicket, isOwnKey, keyFromCardUrl } from './upload.js';

export interface SubmitCardDeps {
  db: Db;
  storage: StoragePort;
  ocr: OcrPort;
}

export async function submitCard(
  { db, storage, ocr }: SubmitCardDeps,
  user: User,
  cardurl: string,
  log: { info(object: object, message: string): void },
) {
  const key = keyFromCardUrl(cardurl);
  if (!key) throw new AppError(Code.BAD_REQUEST, '名片地址不正确，请重新上传');
  if (!isOwnKey(user, key)) throw new AppError(Code.FORBIDDEN, '不能使用他人的名片图片');
  const current = await findCurrentCard(db, user.id);
  if (current?.key === key) throw new AppError(Code.BAD_REQUEST, '名片未更换，请上传新的名片');
  if (!(await hasUploadTicket(db, user.id, key))) {
    throw new AppError(Code.BAD_REQUEST, '名片图片不存在，请重新上传');
  }
  await takeRateToken(db, user.id, 'updateBcard');

  const object = await storage.get(key);
  if (!object) throw new AppError(Code.BAD_REQUEST, '名片图片不存在，请重新上传');
  checkCardImage(object.body);

  const started = performance.now();
  const { lines } = await ocr.recognise(object.body);
  const ocrMs = Math.round(performance.now() - started);
  const fields = extractCardFields(lines);
  if (!isCardReadable(fields)) throw new AppError(Code.BAD_REQUEST, messages.cardRecognitionFailed);

  const meanConfidence = lines.length ? lines.reduce((sum, l) => sum + l.confidence, 0) / lines.length : 0;
  const state = planDialogue(fields, await loadProfile(db, user));
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [card] = await t
      .insert(businessCards)
      .values({ userId: user.id, key, ocrEngine: ocr.engine, ocrMs, lines, fields, meanConfidence })
      .returning({ id: businessCards.id });
    await cancelOpenCases(t, user.id);
    await t.insert(verificationCases).values({ userId: user.id, cardId: card!.id, state });
  });
  log.info({ event: 'verification.card.read', ms: ocrMs, engine: ocr.engine }, 'card read');
  return { cardurl: cardUrlOf(key), fields, state: 'dialogue' as const };
}
