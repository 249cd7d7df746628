/** The one-page teaser as readers see it (also the owner's preview), section by section. */
import { TEASER_SECTION_LABELS, TEASER_SECTIONS, type Teaser } from '@jq/contract';
import { teaser as t } from '../../locales/zh-CN/teaser';
import { TeaserFacts, watermarkStyle } from './parts';

export function TeaserSheet({
  teaser,
  streaming,
}: {
  teaser: Pick<Teaser, 'title' | 'sections' | 'companyName' | 'watermark'> & Partial<Teaser>;
  streaming?: boolean;
}) {
  return (
    <article className="teaser-sheet" style={watermarkStyle(teaser.watermark)} data-testid="teaser-sheet">
      <h1>{teaser.title}</h1>
      {teaser.companyName ? <div className="teaser-note">{teaser.companyName}</div> : null}
      {'industryNames' in teaser && teaser.industryNames ? <TeaserFacts item={teaser as Teaser} /> : null}
      {TEASER_SECTIONS.map((key) => {
        const text = teaser.sections[key];
        // Sections the sources had nothing for are the owner's to fill, not the reader's to see.
        if (!streaming && (!text || text.startsWith('（资料中暂无'))) return null;
        return (
          <section key={key} className="teaser-section" data-section={key}>
            <h3>{TEASER_SECTION_LABELS[key]}</h3>
            <p>{text || '…'}</p>
          </section>
        );
      })}
      <div className="teaser-note">{t.reader.demoNote}</div>
    </article>
  );
}
