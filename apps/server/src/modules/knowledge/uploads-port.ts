/**
 * Where kb/create gets the bytes of a finished upload: the uploads module's file, read for its
 * owner only (another user's upload id answers like a missing one). The knowledge base keeps
 * its own copy under `kb/`, so the upload is released once registered.
 */
import type { Db } from '../../platform/database/index.js';
import type { StoragePort } from '../../platform/storage/index.js';
import { deleteUploadedFile, readUploadedFile } from '../uploads/index.js';

export interface UploadedBytes {
  bytes: Buffer;
  filename: string;
  /** Removes the upload (its bytes now live in the knowledge base, or were refused). */
  release(): Promise<void>;
}

export interface UploadReader {
  read(request: { userId: number; uploadId: string }): Promise<UploadedBytes>;
}

export function createUploadReader(db: Db, storage: StoragePort): UploadReader {
  return {
    async read({ userId, uploadId }) {
      const { file, bytes } = await readUploadedFile(db, storage, uploadId, userId);
      return {
        bytes,
        filename: file.filename,
        release: async () => {
          await deleteUploadedFile(db, storage, uploadId, userId);
        },
      };
    },
  };
}
