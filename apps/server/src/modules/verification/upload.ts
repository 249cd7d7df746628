/**
 * Business-card image uploads. `GetCosSign` issues a ticket for one key under
 * `bcard/<uguid>/`: a presigned PUT URL of the S3 store, or on the local store a PUT URL on
 * this server signed with HMAC-SHA256 and valid for minutes. Images are checked by their
 * bytes (JPEG, PNG, WebP magic numbers) and size, never by the name or declared type.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CARD_MAX_BYTES, CARD_UPLOAD_TTL_MINUTES, Code, type CosSign, LIMITS, messages } from '@jq/contract';
import { and, eq, gt } from 'drizzle-orm';
import { cardUploads, systemMeta, type User } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import type { StoragePort } from '../../platform/storage/index.js';
import { takeRateToken } from './rate-limit.js';

const LOCAL_UPLOAD_PATH = '/api/upload/local/';
const CARD_FILE_PATH = '/api/upload/file/';
const SECRET_KEY = 'verification.upload_secret';
const KEY_PATTERN = /^bcard\/([\w-]{1,64})\/[A-Za-z0-9_-]{16,64}$/;

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** The image type the bytes say, or null for anything else (HTML, PDF, GIF, text…). */
function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** Refuses what is not a card image, with the spec's message and the reason after it. */
export function checkCardImage(bytes: Buffer): ImageType {
  if (bytes.length > CARD_MAX_BYTES) {
    throw new AppError(Code.PAYLOAD_TOO_LARGE, `${messages.cardUploadFailed}（图片不能超过 5 MB）`);
  }
  const type = bytes.length > 0 ? sniffImageType(bytes) : null;
  if (!type) {
    throw new AppError(
      Code.UNSUPPORTED_MEDIA_TYPE,
      `${messages.cardUploadFailed}（仅支持 JPG、PNG、WebP 图片）`,
    );
  }
  return type;
}

function cardPrefix(user: Pick<User, 'uguid'>): string {
  if (!/^[\w-]{1,64}$/.test(user.uguid)) throw new AppError(Code.BAD_REQUEST, '用户标识不合法');
  return `bcard/${user.uguid}/`;
}

/** The storage key a card URL names: our `/api/upload/file/<key>` or a store URL ending in the key. */
export function keyFromCardUrl(cardurl: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(cardurl, 'http://localhost').pathname);
  } catch {
    return null;
  }
  const at = pathname.indexOf('bcard/');
  const key = at === -1 ? '' : pathname.slice(at);
  return KEY_PATTERN.test(key) ? key : null;
}

/** Whether the key sits in this user's folder. */
export function isOwnKey(user: Pick<User, 'uguid'>, key: string): boolean {
  return KEY_PATTERN.exec(key)?.[1] === user.uguid;
}

export const cardUrlOf = (key: string) => `${CARD_FILE_PATH}${key}`;

// One secret per installation, kept in the database so every server process signs alike.
const secrets = new WeakMap<Db, Promise<Buffer>>();
function uploadSecret(db: Db): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      const fresh = randomBytes(32).toString('base64url');
      await db.insert(systemMeta).values({ key: SECRET_KEY, value: fresh }).onConflictDoNothing();
      const [row] = await db.select().from(systemMeta).where(eq(systemMeta.key, SECRET_KEY));
      return Buffer.from(String(row?.value ?? fresh));
    })();
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

async function signUpload(db: Db, key: string, exp: number, userId: number): Promise<string> {
  return createHmac('sha256', await uploadSecret(db))
    .update(`PUT\n${key}\n${exp}\n${userId}`)
    .digest('hex');
}

/** The store's presigned PUT (S3); without it, this server's signed PUT row. */
type Presign = StoragePort['presignPut'];

/** `GetCosSign`: an upload ticket for the user, within the per-user limit. */
export async function requestCardUpload(db: Db, user: User, presign: Presign) {
  await takeRateToken(db, user.id, 'uploadSign');
  return await issueUploadCredential(db, user, presign);
}

/** A new upload ticket for the user and how to use it. */
export async function issueUploadCredential(
  db: Db,
  user: User,
  presign: Presign,
  now = new Date(),
): Promise<CosSign> {
  const key = `${cardPrefix(user)}${randomBytes(12).toString('base64url')}`;
  const start = Math.floor(now.getTime() / 1000);
  const expire = start + CARD_UPLOAD_TTL_MINUTES * 60;
  await db.insert(cardUploads).values({ userId: user.id, key, expiresAt: new Date(expire * 1000) });
  const base = {
    tmpSecretId: '',
    tmpSecretKey: '',
    sessionToken: '',
    start,
    expire,
    method: 'PUT' as const,
    key,
    cardurl: cardUrlOf(key),
    maxBytes: CARD_MAX_BYTES,
    region: LIMITS.cloudRegion,
  };
  if (presign) {
    const uploadUrl = await presign(key, CARD_UPLOAD_TTL_MINUTES * 60);
    return { ...base, mode: 'presigned', uploadUrl };
  }
  const sig = await signUpload(db, key, expire, user.id);
  return { ...base, mode: 'local', uploadUrl: `${LOCAL_UPLOAD_PATH}${key}?exp=${expire}&sig=${sig}` };
}

const badLink = () => new AppError(Code.FORBIDDEN, '上传链接无效或已过期，请重新选择文件');

/** The PUT of a signed local upload URL: the per-user limit, signature, expiry, owner, then the bytes themselves. */
export async function acceptLocalUpload(
  db: Db,
  storage: StoragePort,
  user: User,
  input: { key: string; exp: string; sig: string; body: unknown },
): Promise<{ key: string; size: number; contentType: ImageType }> {
  await takeRateToken(db, user.id, 'upload');
  const exp = Number(input.exp);
  if (!KEY_PATTERN.test(input.key) || !Number.isInteger(exp) || !/^[0-9a-f]{64}$/.test(input.sig))
    throw badLink();
  const expected = Buffer.from(await signUpload(db, input.key, exp, user.id), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(input.sig, 'hex'))) throw badLink();
  if (exp * 1000 < Date.now() || !isOwnKey(user, input.key)) throw badLink();
  const [ticket] = await db
    .select({ id: cardUploads.id })
    .from(cardUploads)
    .where(
      and(
        eq(cardUploads.key, input.key),
        eq(cardUploads.userId, user.id),
        gt(cardUploads.expiresAt, new Date()),
      ),
    );
  if (!ticket) throw badLink();

  const body = Buffer.isBuffer(input.body) ? input.body : Buffer.alloc(0);
  const contentType = checkCardImage(body);
  await storage.put(input.key, body, { contentType });
  await db
    .update(cardUploads)
    .set({ uploadedAt: new Date(), size: body.length, contentType })
    .where(eq(cardUploads.id, ticket.id));
  return { key: input.key, size: body.length, contentType };
}

/** Whether a ticket was issued to this user for the key (the key is ours, not a guess). */
export async function hasUploadTicket(db: Db, userId: number, key: string): Promise<boolean> {
  const rows = await db
    .select({ id: cardUploads.id })
    .from(cardUploads)
    .where(and(eq(cardUploads.key, key), eq(cardUploads.userId, userId)));
  return rows.length > 0;
}

/** A card image for its owner (or an admin); only bytes that are an image are served from our origin (never HTML or script). */
export async function readCardImage(storage: StoragePort, user: User, key: string) {
  if (!isOwnKey(user, key) && !user.isAdmin) throw new AppError(Code.FORBIDDEN, '无权查看该图片');
  const object = await storage.get(key);
  const type = object ? sniffImageType(object.body) : null;
  if (!object || !type) throw new AppError(Code.NOT_FOUND, '图片不存在');
  return { body: object.body, type };
}
