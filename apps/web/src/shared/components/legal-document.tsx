/**
 * Renders a legal text (用户协议, 隐私政策, 会员服务协议): title, dates, the introduction and numbered
 * sections whose items are paragraphs or bullet lists. Plain text only, no HTML, so a
 * text edit can never inject markup.
 */
import { Anchor, Typography } from 'antd';
import { legal } from '../../locales/zh-CN/legal';
import { useBreakpoint } from '../hooks/use-breakpoint';
import './legal-document.css';

/** A paragraph, or a bullet list given as an array. */
export type LegalBlock = string | readonly string[];

export interface LegalSection {
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalText {
  title: string;
  updatedAt: string;
  effectiveAt: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}

const sectionId = (index: number) => `legal-section-${index + 1}`;

export function LegalDocument({ text, testId }: { text: LegalText; testId: string }) {
  const { isMobile } = useBreakpoint();
  return (
    <div className="jq-legal" data-testid={testId}>
      <article className="jq-panel jq-legal-body">
        <Typography.Title level={2} className="jq-legal-title">
          {text.title}
        </Typography.Title>
        <p className="jq-legal-dates">
          {legal.updatedAt}
          {text.updatedAt}
          <span className="jq-legal-sep">|</span>
          {legal.effectiveAt}
          {text.effectiveAt}
        </p>
        {text.intro.map((paragraph) => (
          <p key={paragraph} className="jq-legal-intro">
            {paragraph}
          </p>
        ))}
        {text.sections.map((section, index) => (
          <section key={section.heading} id={sectionId(index)}>
            <h3>{`${index + 1}. ${section.heading}`}</h3>
            {section.blocks.map((block) =>
              typeof block === 'string' ? (
                <p key={block}>{block}</p>
              ) : (
                <ul key={block.join('|')}>
                  {block.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
      </article>
      {!isMobile && (
        <aside className="jq-legal-toc" aria-label={legal.contents}>
          <Anchor
            offsetTop={72}
            items={text.sections.map((section, index) => ({
              key: sectionId(index),
              href: `#${sectionId(index)}`,
              title: `${index + 1}. ${section.heading}`,
            }))}
          />
        </aside>
      )}
    </div>
  );
}
