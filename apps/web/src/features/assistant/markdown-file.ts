/**
 * Documents made from a conversation (BP draft, report) as Markdown files: the title from
 * the first heading, a file name safe on every system, the sources listed at the end when
 * the text names them only by `[n]`, and the download itself.
 */
import type { Quote } from '@jq/contract';
import { assistant, markdownText } from '../../locales/zh-CN/assistant';

/** The text of the first `# ` heading (markdown escapes removed), or the fallback. */
export function documentTitle(content: string, fallback: string): string {
  const heading = /^#\s+(.+)$/m.exec(content)?.[1] ?? '';
  const title = heading.replace(/\\(.)/g, '$1').trim();
  return title || fallback;
}

/** `a/b: c?` → `a_b_c.md`; at most 60 characters before the extension. */
export function markdownFileName(title: string): string {
  const safe = Array.from(
    title
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are not allowed in file names.
      .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_')
      .replace(/\s+/g, '_')
      .replace(/_+/g, '_')
      .replace(/^[_.]+|[_.]+$/g, ''),
  )
    .slice(0, 60)
    .join('');
  return `${safe || 'document'}.md`;
}

/** The text with its sources appended (title, pages, verbatim passage), unless it already lists them. */
export function withSources(content: string, quotes: readonly Quote[]): string {
  const heading = assistant.sourcesTitle;
  if (quotes.length === 0 || new RegExp(`^#+\\s*${heading}`, 'm').test(content)) return content;
  const lines = quotes.map(
    (quote) => `${quote.n}. 《${quote.title}》${markdownText.formatPages(quote.pages)}：“${quote.text}”`,
  );
  return `${content.trimEnd()}\n\n## ${heading}\n\n${lines.join('\n')}\n`;
}

/** The text without its trailing sources section, for display where citation cards list them. */
export function withoutSources(content: string): string {
  const match = new RegExp(`\\n#+\\s*${assistant.sourcesTitle}\\s*\\n(?![\\s\\S]*\\n#)`).exec(content);
  return match ? content.slice(0, match.index).trimEnd() : content;
}

export function downloadMarkdown(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
