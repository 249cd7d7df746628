/**
 * Search highlights rendered without HTML: the server sends plain text with `[start, end)`
 * ranges, and each piece becomes a React text node (matches inside <mark>). Server text is
 * never parsed as markup, so a name like `<img onerror=…>` shows as the characters it is.
 * Ranges are clamped, ordered and merged first: a bad range can change a mark, never drop or repeat text.
 */
import { type FieldHighlight, type Highlight, splitHighlight } from '@jq/contract';
import type { ReactNode } from 'react';

/** Ranges inside the text, as integers, ordered, merged where they overlap, without empty ones. */
export function normalizeRanges(text: string, ranges: Highlight['ranges']): Highlight['ranges'] {
  const clamp = (n: number) => Math.min(Math.max(Math.trunc(Number.isFinite(n) ? n : 0), 0), text.length);
  const sorted = ranges
    .map(([start, end]) => [clamp(start), clamp(end)] as [number, number])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  // Overlapping ranges merge: split pieces must not repeat a character.
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

export interface HighlightedProps {
  /** The server's highlight of this field, when the search matched it. */
  highlight?: FieldHighlight | undefined;
  /** The field's value: shown as is without a highlight, and what its ranges mark unless it has a text of its own. */
  text: string;
}

export function Highlighted({ highlight, text }: HighlightedProps): ReactNode {
  if (!highlight || highlight.ranges.length === 0) return text;
  const marked = highlight.text ?? text;
  const parts = splitHighlight({ text: marked, ranges: normalizeRanges(marked, highlight.ranges) });
  return parts.map((part, index) =>
    part.isMatch ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one string, never reordered
      <mark key={index} className="jq-lib-hl">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}
