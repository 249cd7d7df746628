/**
 * What a report's stored pages say about it, for its detail view: the key points its cover
 * lists (the numbered lines under 核心观点, 投资要点 or 主要观点), its risk note, and an
 * outline (each page's heading: its first line, or its second when every page starts with
 * the same running header). Nothing is written here: every line is a line of a page.
 */

export interface ReportPageText {
  pageNo: number;
  text: string;
}

export interface ReportContents {
  keyPoints: string[];
  riskNote: string | null;
  outline: Array<{ pageNo: number; title: string }>;
}

const KEY_POINTS_HEADING = /^(核心观点|投资要点|主要观点|报告要点|要点)[:：]?$/u;
const NUMBERED = /^(\d{1,2}|[一二三四五六七八九十]{1,3})[.、．)）]\s*/u;
const RISK = /^风险提示[:：]/u;
const TOC_HEADING = /^目\s*录$/u;
/** The pages whose text is looked at for key points (a cover and an abstract page). */
const KEY_POINT_PAGES = 3;
const MAX_KEY_POINTS = 6;
const MAX_TITLE = 40;

const linesOf = (text: string) =>
  text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);

function clip(line: string, max: number): string {
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

function keyPointsOf(pages: ReportPageText[]): { keyPoints: string[]; riskNote: string | null } {
  for (const page of pages.slice(0, KEY_POINT_PAGES)) {
    const lines = linesOf(page.text);
    const start = lines.findIndex((line) => KEY_POINTS_HEADING.test(line));
    if (start === -1) continue;
    const keyPoints: string[] = [];
    for (const line of lines.slice(start + 1)) {
      if (!NUMBERED.test(line)) break;
      keyPoints.push(line.replace(NUMBERED, ''));
    }
    const risk = lines.find((line) => RISK.test(line));
    if (keyPoints.length > 0)
      return {
        keyPoints: keyPoints.slice(0, MAX_KEY_POINTS),
        riskNote: risk ? risk.replace(RISK, '').trim() || null : null,
      };
  }
  return { keyPoints: [], riskNote: null };
}

function outlineOf(pages: ReportPageText[], title: string): ReportContents['outline'] {
  const firstLines = pages.map((page) => linesOf(page.text));
  // A running header (the same first line on most pages) is not a heading: use the next line.
  const counts = new Map<string, number>();
  for (const lines of firstLines) if (lines[0]) counts.set(lines[0], (counts.get(lines[0]) ?? 0) + 1);
  const isHeader = (line: string) => pages.length > 2 && (counts.get(line) ?? 0) > pages.length / 2;
  const outline: ReportContents['outline'] = [];
  pages.forEach((page, index) => {
    const lines = firstLines[index]!;
    const heading = lines[0] && isHeader(lines[0]) ? lines[1] : lines[0];
    if (!heading || heading === title.trim() || TOC_HEADING.test(heading)) return;
    outline.push({ pageNo: page.pageNo, title: clip(heading, MAX_TITLE) });
  });
  return outline;
}

/** The key points, risk note and outline of a report, from its pages in page order. */
export function reportContents(pages: ReportPageText[], title: string): ReportContents {
  const sorted = [...pages].sort((a, b) => a.pageNo - b.pageNo);
  return { ...keyPointsOf(sorted), outline: outlineOf(sorted, title) };
}
