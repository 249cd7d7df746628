/** Assertions the parsing suites share. */
import { expect } from 'vitest';
import type { Chunk, ParsedDocument } from '../../src/modules/parsing/index.js';

/** Every chunk is its prefix plus the exact span of its page it claims, and indexes run in order. */
export function expectVerbatimChunks(doc: ParsedDocument, chunks: Chunk[]) {
  expect(chunks.length).toBeGreaterThan(0);
  chunks.forEach((chunk, i) => {
    expect(chunk.index).toBe(i);
    const page = doc.pages.find((p) => p.no === chunk.pageNo)!;
    expect(page.label).toBe(chunk.pageLabel);
    expect(chunk.end).toBeGreaterThan(chunk.start);
    expect(chunk.text).toBe(chunk.prefix + page.text.slice(chunk.start, chunk.end));
    expect(chunk.text.trim()).toBe(chunk.text);
  });
}
