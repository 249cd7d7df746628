/**
 * Citation cards of an answer's quote blocks (report title and pages, the quoted passage)
 * and the inline `[n]` markers. Clicking either opens /pdfView at the quoted page with the
 * passage highlighted. Inquiry quotes are plain strings.
 */
import { FilePdfOutlined } from '@ant-design/icons';
import { pdfViewUrl, type Quote } from '@jq/contract';
import { Tooltip } from 'antd';
import { markdownText } from '../../locales/zh-CN/assistant';
import { SafeLink } from './safe-link';

export function quoteUrl(quote: Quote): string {
  return pdfViewUrl(quote.pid, quote.pages[0] ?? 1, quote.text || undefined);
}

/** Where a quote opens: a report page in the PDF viewer unless the caller says otherwise (a knowledge file's preview). */
export type QuoteHref = (quote: Quote) => string;

export function QuoteCards({
  quotes,
  title = markdownText.quotesTitle,
  quoteHref = quoteUrl,
}: {
  quotes: readonly Quote[];
  title?: string;
  quoteHref?: QuoteHref;
}) {
  if (quotes.length === 0) return null;
  return (
    <section className="jq-md-quotes" aria-label={title} data-testid="quote-cards">
      <div className="jq-md-quotes-title">{title}</div>
      <ol className="jq-md-quotes-list">
        {quotes.map((quote) => (
          <li key={`${quote.n}-${quote.pid}-${quote.pages.join(',')}`}>
            <SafeLink
              href={quoteHref(quote)}
              className="jq-md-quote"
              title={markdownText.openInPdf}
              data-testid="quote-card"
            >
              <span className="jq-md-quote-n">{quote.n}</span>
              <span className="jq-md-quote-main">
                <span className="jq-md-quote-head">
                  <FilePdfOutlined className="jq-md-quote-icon" />
                  <span className="jq-md-quote-title">{quote.title}</span>
                  {quote.pages.length > 0 && (
                    <span className="jq-md-quote-pages">{markdownText.formatPages(quote.pages)}</span>
                  )}
                </span>
                {quote.text && <span className="jq-md-quote-text">{quote.text}</span>}
              </span>
            </SafeLink>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function CitationRef({
  n,
  quote,
  quoteHref = quoteUrl,
}: {
  n: number;
  quote: Quote | undefined;
  quoteHref?: QuoteHref;
}) {
  if (!quote) return <>[{n}]</>;
  const tip = (
    <span className="jq-md-cite-tip">
      <strong>{quote.title}</strong>
      {quote.pages.length > 0 && ` · ${markdownText.formatPages(quote.pages)}`}
      {quote.text && <span className="jq-md-cite-tip-text">{quote.text}</span>}
    </span>
  );
  return (
    <Tooltip title={tip}>
      <SafeLink href={quoteHref(quote)} className="jq-md-cite-link" data-testid="citation">
        {n}
      </SafeLink>
    </Tooltip>
  );
}

export function InquiryQuotes({ items }: { items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <section className="jq-md-inquiry" data-testid="inquiry-quotes">
      <div className="jq-md-quotes-title">{markdownText.inquiryTitle}</div>
      <ul>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same quote may appear twice.
          <li key={index}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
