export { isWhitelisted, type LinkTarget, resolveLink } from './link-rules';
export { Markdown, type MarkdownProps } from './markdown';
export { parseInquiryBlock, parsePages, parseQuoteBlock } from './quote-blocks';
export { CitationRef, InquiryQuotes, QuoteCards, type QuoteHref, quoteUrl } from './quote-cards';
export { SafeLink } from './safe-link';
