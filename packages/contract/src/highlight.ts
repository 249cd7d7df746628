/**
 * Rendering a card's highlight (schemas/library-cards.ts): plain code with no zod, so the list
 * pages that use it do not load the schemas.
 */
import type { Highlight } from './schemas/library-cards.js';

/** Plain-text pieces of a highlighted text, for rendering without HTML. */
export function splitHighlight({ text, ranges }: Highlight): { text: string; isMatch: boolean }[] {
  const parts: { text: string; isMatch: boolean }[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push({ text: text.slice(at, start), isMatch: false });
    if (end > start) parts.push({ text: text.slice(start, end), isMatch: true });
    at = Math.max(at, end);
  }
  if (at < text.length) parts.push({ text: text.slice(at), isMatch: false });
  return parts;
}
