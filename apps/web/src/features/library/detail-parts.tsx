/**
 * What every detail view is made of: the drawer it opens in (wide on desktop, the whole
 * screen with a back arrow on phones, so a phone sees a page), its sections, fact grid,
 * paragraphs of server text (plain text, line breaks kept), and its loading state (the error
 * state and the tab title are shared/: DetailError, useDocumentTitle).
 */
import { ArrowLeftOutlined, CloseOutlined } from '@ant-design/icons';
import { Drawer, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { library } from '../../locales/zh-CN/library';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { useHasOpened } from '../../shared/hooks/use-has-opened';
import './library-detail.css';

const DESKTOP_WIDTH = 980;

export interface DetailDrawerProps {
  open: boolean;
  title: string;
  onClose(): void;
  /** Phones: one step back instead of closing everything. */
  onBack(): void;
  testId: string;
  children: ReactNode;
}

export function DetailDrawer({ open, title, onClose, onBack, testId, children }: DetailDrawerProps) {
  const { isSmall, width } = useBreakpoint();
  if (!useHasOpened(open)) return null;
  return (
    <Drawer
      open={open}
      title={title}
      placement="right"
      size={isSmall ? '100%' : Math.min(DESKTOP_WIDTH, width - 48)}
      onClose={isSmall ? onBack : onClose}
      closeIcon={
        isSmall ? (
          <ArrowLeftOutlined aria-label={library.back} />
        ) : (
          <CloseOutlined aria-label={library.close} />
        )
      }
      className={`jq-lib-detail-drawer${isSmall ? ' is-phone' : ''}`}
      destroyOnHidden
      data-testid={testId}
    >
      {children}
    </Drawer>
  );
}

export function Section({
  title,
  extra,
  children,
  testId,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="jq-lib-section" data-testid={testId}>
      <header className="jq-lib-section-head">
        <h3>{title}</h3>
        {extra}
      </header>
      {children}
    </section>
  );
}

export interface Fact {
  label: string;
  value: ReactNode;
}

export function Facts({ items }: { items: Fact[] }) {
  return (
    <dl className="jq-lib-facts">
      {items.map((item) => (
        <div key={item.label} className="jq-lib-fact">
          <dt>{item.label}</dt>
          <dd>{item.value || library.notFilled}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Server text as paragraphs; React escapes it, nothing is parsed as markup. */
export function Paragraphs({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return <p className="jq-lib-muted">{library.notFilled}</p>;
  return (
    <div className="jq-lib-paragraphs">
      {paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one text, never reordered
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

export function DetailLoading() {
  return (
    <div className="jq-lib-detail-loading" data-testid="detail-loading">
      <Skeleton avatar={{ size: 56, shape: 'square' }} active paragraph={{ rows: 3 }} />
      <Skeleton active paragraph={{ rows: 5 }} />
      <Skeleton active paragraph={{ rows: 4 }} />
    </div>
  );
}

/** Only same-site paths and http(s) addresses become links (never javascript: and friends). */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `http://${trimmed}`;
  try {
    const parsed = new URL(withScheme);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
