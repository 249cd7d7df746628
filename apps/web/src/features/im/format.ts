/** How messaging shows times, sizes and a message in one line. */
import type { ImMessage } from '@jq/contract';
import dayjs from 'dayjs';

/** Today: 14:05; this year: 3月5日 14:05; older: 2025年3月5日. */
export function messageTime(at: string, now = dayjs()): string {
  const t = dayjs(at);
  if (!t.isValid()) return '';
  if (t.isSame(now, 'day')) return t.format('HH:mm');
  if (t.isSame(now.subtract(1, 'day'), 'day')) return `昨天 ${t.format('HH:mm')}`;
  if (t.isSame(now, 'year')) return t.format('M月D日 HH:mm');
  return t.format('YYYY年M月D日');
}

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function messagePreview(m: ImMessage | undefined | null): string {
  if (!m) return '';
  if (m.kind === 'image') return '[图片]';
  if (m.kind === 'file') return `[文件] ${m.text}`;
  return m.text.replace(/\s+/g, ' ');
}

/** The badge number the spec shows: 99+ over 99. */
export const badgeText = (n: number, overflow = 99) => (n > overflow ? `${overflow}+` : String(n));
