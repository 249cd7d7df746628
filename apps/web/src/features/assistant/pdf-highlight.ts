/**
 * Finds a quoted passage among a PDF page's text items (pdf.js splits a page into runs, and
 * a passage spans several of them, with line breaks and spaces that the quote does not
 * have). Whitespace and punctuation differences are ignored; when the whole passage is not
 * on the page, its longest leading part that is (at least 6 characters) is used.
 */

const IGNORED = /[\s\u00a0\u3000]/u;
const MIN_MATCH = 6;

function normalizeChar(ch: string): string {
  // Full-width ASCII (ｌｉｋｅ this) to half-width, so a quote typed either way matches.
  const code = ch.charCodeAt(0);
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0).toLowerCase();
  return ch.toLowerCase();
}

/** The indices of the items that hold the passage, in order; empty when it is not there. */
export function findPassage(items: readonly string[], passage: string): number[] {
  const chars: string[] = [];
  const owner: number[] = [];
  items.forEach((item, index) => {
    for (const ch of item) {
      if (IGNORED.test(ch)) continue;
      chars.push(normalizeChar(ch));
      owner.push(index);
    }
  });
  const text = chars.join('');
  const query = [...passage]
    .filter((ch) => !IGNORED.test(ch))
    .map(normalizeChar)
    .join('')
    .replace(/(…|\.\.\.)+$/u, '');
  if (!query || !text) return [];
  for (let length = query.length; length >= Math.min(MIN_MATCH, query.length); ) {
    const at = text.indexOf(query.slice(0, length));
    if (at !== -1) {
      // `owner` is per character of `chars`; code points were pushed one by one.
      const start = [...text.slice(0, at)].length;
      const count = [...query.slice(0, length)].length;
      return [...new Set(owner.slice(start, start + count))];
    }
    length = length > 40 ? Math.floor(length * 0.75) : length - 4;
  }
  return [];
}
