/**
 * The storage port: objects by key. A local folder under DATA_DIR by default; an
 * S3-compatible store (Tencent COS, Aliyun OSS, MinIO, AWS) when STORAGE_BUCKET is set.
 * Keys are relative paths such as `bcard/2026/ab12.jpg`.
 */
import type { S3Config } from '../../config.js';

export interface StoredObject {
  body: Buffer;
  contentType: string;
  size: number;
}

export interface StoragePort {
  engine: 'local' | 's3';
  put(key: string, body: Buffer | Uint8Array | string, options?: { contentType?: string }): Promise<void>;
  /** The object, or null when there is none under the key. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Keys under a prefix, sorted. */
  list(prefix: string): Promise<string[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * A presigned PUT URL for the key, valid for `expiresInSeconds`: a browser uploads straight
   * into the bucket. Only the S3 engine has it; on the local store the server signs its own
   * PUT rows (uploads, verification).
   */
  presignPut?: ((key: string, expiresInSeconds: number) => Promise<string>) | undefined;
}

export interface StorageOptions {
  /** Folder of the local engine. */
  localDir: string;
  s3?: S3Config | undefined;
}

export async function createStorage(options: StorageOptions): Promise<StoragePort> {
  if (options.s3) {
    const { createS3Storage } = await import('./s3.js');
    return createS3Storage(options.s3);
  }
  const { createLocalStorage } = await import('./local.js');
  return createLocalStorage(options.localDir);
}
