/**
 * The one markdown renderer for AI answers and previewed documents: GitHub-flavoured
 * markdown (tables, lists, code, strikethrough), never raw HTML (`skipHtml`: tags in the
 * text are not rendered), links through the spec's link rules, `[n]` citation markers
 * linked to the answer's quotes, and fenced `quote` / `inquiry` blocks as citation cards.
 */
import type { Quote } from '@jq/contract';
import { type ReactNode, useMemo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { markdownText } from '../../locales/zh-CN/assistant';
import { resolveLink, transformMarkdownUrl } from './link-rules';
import { INQUIRY_LANGUAGE, parseInquiryBlock, parseQuoteBlock, QUOTE_LANGUAGE } from './quote-blocks';
import { CitationRef, InquiryQuotes, QuoteCards, type QuoteHref } from './quote-cards';
import { remarkCitations } from './remark-citations';
import { SafeLink } from './safe-link';
import './markdown.css';

export interface MarkdownProps {
  content: string;
  /** The answer's quotes, which `[n]` markers refer to. */
  quotes?: readonly Quote[];
  /** Where quotes open (default: the report page in the PDF viewer). */
  quoteHref?: QuoteHref;
  className?: string;
}

interface HastNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

function hastText(node: HastNode | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(hastText).join('');
}

function codeLanguage(node: HastNode | undefined): string | null {
  const code = node?.children?.find((child) => child.tagName === 'code');
  const className = code?.properties?.className;
  const names = Array.isArray(className) ? className.map(String) : [];
  const language = names.find((name) => name.startsWith('language-'));
  return language ? language.slice('language-'.length).toLowerCase() : null;
}

const REMARK_PLUGINS = [remarkGfm, remarkCitations];

function buildComponents(quotes: readonly Quote[], quoteHref?: QuoteHref): Components {
  const byNumber = new Map(quotes.map((quote) => [quote.n, quote]));
  return {
    a: ({ href, children }) => <SafeLink href={href}>{children}</SafeLink>,
    img: ({ src, alt }) => {
      const target = resolveLink(typeof src === 'string' ? src : '');
      // Only this site's images: an external image would tell its host who read the answer.
      if (target.kind !== 'internal')
        return <span className="jq-md-img-alt">{alt || markdownText.imageBlocked}</span>;
      return <img src={target.path} alt={alt ?? ''} loading="lazy" className="jq-md-img" />;
    },
    table: ({ children }) => (
      <div className="jq-md-table">
        <table>{children}</table>
      </div>
    ),
    pre: ({ node, children }) => {
      const hast = node as HastNode | undefined;
      const language = codeLanguage(hast);
      if (language === QUOTE_LANGUAGE) {
        const parsed = parseQuoteBlock(hastText(hast));
        return (
          <QuoteCards quotes={parsed.map((quote) => byNumber.get(quote.n) ?? quote)} quoteHref={quoteHref} />
        );
      }
      if (language === INQUIRY_LANGUAGE) return <InquiryQuotes items={parseInquiryBlock(hastText(hast))} />;
      return <pre className="jq-md-pre">{children}</pre>;
    },
    sup: ({ node, children }) => {
      const cite = Number((node as HastNode | undefined)?.properties?.dataCite);
      if (!Number.isInteger(cite) || cite <= 0) return <sup>{children}</sup>;
      return (
        <sup className="jq-md-cite">
          <CitationRef n={cite} quote={byNumber.get(cite)} quoteHref={quoteHref} />
        </sup>
      );
    },
  };
}

export function Markdown({ content, quotes = [], className, quoteHref }: MarkdownProps): ReactNode {
  const components = useMemo(() => buildComponents(quotes, quoteHref), [quotes, quoteHref]);
  return (
    <div className={className ? `jq-md ${className}` : 'jq-md'}>
      <ReactMarkdown
        remarkPlugins={REMARK_PLUGINS}
        skipHtml
        urlTransform={transformMarkdownUrl}
        components={components}
      >
        {content}
      </ReactMarkdown>
    </div>
  );
}
