/**
 * The S3 storage engine: objects in one bucket of any S3-compatible store (Tencent COS,
 * Aliyun OSS, MinIO, AWS). Keys follow the same rules as the local engine, so code that
 * works on one works on the other.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../../config.js';
import type { StoragePort } from './index.js';
import { checkStorageKey, checkStoragePrefix, compareKeys, DEFAULT_CONTENT_TYPE, toBuffer } from './local.js';

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

export function createS3Storage(config: S3Config): StoragePort {
  const { bucket } = config;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Since SDK 3.729 every upload carries a CRC32 checksum by default, which COS, OSS and older
    // MinIO refuse or mis-sign; checksums only where the operation demands one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  return {
    engine: 's3',

    async put(key, body, options) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: checkStorageKey(key),
          Body: toBuffer(body),
          // Always set: stores differ in what they assume when it is missing.
          ContentType: options?.contentType || DEFAULT_CONTENT_TYPE,
        }),
      );
    },

    async get(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkStorageKey(key) }));
        const body = Buffer.from((await result.Body?.transformToByteArray()) ?? []);
        return { body, contentType: result.ContentType || DEFAULT_CONTENT_TYPE, size: body.length };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checkStorageKey(key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers 204 for a missing key as well.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkStorageKey(key) }));
    },

    async list(prefix) {
      checkStoragePrefix(prefix);
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      // Pages come sorted from S3, but not every compatible store promises it.
      return keys.sort(compareKeys);
    },

    async ping() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },

    presignPut: async (key, expiresIn) =>
      getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: checkStorageKey(key) }), {
        expiresIn,
      }),

    async close() {
      client.destroy();
    },
  };
}
