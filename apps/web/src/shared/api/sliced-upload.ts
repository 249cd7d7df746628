/**
 * A file to the uploads module in 4 MB slices (spec section 7 "Uploads"): a ticket, each slice
 * PUT to its own signed URL, then complete. Resumable: after a dropped connection, `status`
 * says which slices are missing and only those are sent again. Progress counts bytes stored.
 * Used by the knowledge base and messaging.
 */
import type { UploadPurpose } from '@jq/contract';
import { apiPost } from './client';

interface Slice {
  index: number;
  size: number;
  method: 'PUT';
  url: string;
}
interface Ticket {
  ticketId: string;
  mode: 'local' | 'presigned';
  sliceSize: number;
  sliceCount: number;
  slices: Slice[];
}
interface UploadStatus {
  state: 'open' | 'assembling' | 'completed' | 'failed' | 'expired';
  missing: number[];
  file: { id: string } | null;
  error: string | null;
}
export interface UploadedFileRef {
  id: string;
  filename: string;
  size: number;
}

const MAX_TRIES = 4;

async function putSlice(ticket: Ticket, slice: Slice, blob: Blob, signal?: AbortSignal) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(slice.url, {
        method: 'PUT',
        body: blob,
        signal,
        credentials: ticket.mode === 'local' ? 'same-origin' : 'omit',
      });
      if (response.ok) return;
      if (response.status < 500 && response.status !== 408 && response.status !== 429) {
        const body = (await response.json().catch(() => null)) as { msg?: string } | null;
        throw new Error(body?.msg ?? `上传分片失败（${response.status}）`);
      }
    } catch (error) {
      if (signal?.aborted || attempt >= MAX_TRIES) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
  }
}

export async function uploadInSlices(
  file: File,
  options: { purpose?: UploadPurpose; onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedFileRef> {
  const ticket = await apiPost<Ticket>('/upload/start', {
    purpose: options.purpose ?? 'knowledge',
    filename: file.name,
    size: file.size,
  });
  let sent = 0;
  const report = () => options.onProgress?.(Math.min(99, Math.round((sent / Math.max(file.size, 1)) * 100)));
  const send = async (indexes: number[]) => {
    for (const index of indexes) {
      const slice = ticket.slices.find((s) => s.index === index);
      if (!slice) continue;
      const start = index * ticket.sliceSize;
      await putSlice(ticket, slice, file.slice(start, start + slice.size), options.signal);
      sent += slice.size;
      report();
    }
  };
  await send(ticket.slices.map((s) => s.index));
  for (let round = 0; round < 3; round++) {
    try {
      const done = await apiPost<UploadedFileRef>('/upload/complete', { ticketId: ticket.ticketId });
      options.onProgress?.(100);
      return done;
    } catch (error) {
      // A slice went missing (a dropped connection): send what the server lacks and try again.
      const status = await apiPost<UploadStatus>(
        '/upload/status',
        { ticketId: ticket.ticketId },
        { isSilent: true },
      );
      if (status.state === 'completed' && status.file)
        return { id: status.file.id, filename: file.name, size: file.size };
      if (status.state !== 'open' || !status.missing.length) throw error;
      sent -= status.missing.length * ticket.sliceSize;
      await send(status.missing);
    }
  }
  throw new Error('上传未完成，请重试');
}
