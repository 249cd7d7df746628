/**
 * A remark plugin that turns `[n]` citation markers in answer text into `<sup data-cite=n>`
 * elements, which the renderer links to the answer's quotes. Code, inline code and link
 * text are left alone, so `[1]` inside a code sample stays literal.
 */
import { splitCitations } from './quote-blocks';

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: Record<string, unknown>;
}

const SKIPPED = new Set(['code', 'inlineCode', 'link', 'linkReference', 'html']);

function citationNode(n: number): MdNode {
  return {
    type: 'citation',
    data: {
      hName: 'sup',
      hProperties: { className: ['jq-md-cite'], dataCite: n },
      hChildren: [{ type: 'text', value: String(n) }],
    },
  };
}

function visit(node: MdNode): void {
  if (!node.children || SKIPPED.has(node.type)) return;
  const next: MdNode[] = [];
  for (const child of node.children) {
    if (child.type !== 'text' || !child.value || !child.value.includes('[')) {
      visit(child);
      next.push(child);
      continue;
    }
    for (const part of splitCitations(child.value)) {
      next.push(typeof part === 'number' ? citationNode(part) : { type: 'text', value: part });
    }
  }
  node.children = next;
}

export function remarkCitations() {
  return (tree: MdNode) => visit(tree);
}
