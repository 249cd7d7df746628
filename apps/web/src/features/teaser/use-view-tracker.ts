/**
 * Visible time per section (Papermark's tracker): a section counts while at least 30 % of it
 * is on screen, the tab is visible and the reader has done something in the last 5 minutes;
 * what was counted is sent every 10 s (and when leaving). The server ignores visits under 1 s.
 */
import { TEASER_VIEW_FLUSH_MS, TEASER_VIEW_IDLE_MS, type TeaserSection } from '@jq/contract';
import { type RefObject, useEffect } from 'react';
import { recordView } from './api';

const TICK_MS = 500;

export function useViewTracker(
  container: RefObject<HTMLElement | null>,
  target: { id: number; shareToken?: string } | null,
) {
  const id = target?.id;
  const shareToken = target?.shareToken;
  useEffect(() => {
    const root = container.current;
    if (!id || !root) return;
    const visible = new Set<TeaserSection>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const key = (entry.target as HTMLElement).dataset.section as TeaserSection;
          if (entry.intersectionRatio >= 0.3) visible.add(key);
          else visible.delete(key);
        }
      },
      { threshold: [0, 0.3, 0.6, 1] },
    );
    for (const el of root.querySelectorAll('[data-section]')) observer.observe(el);
    let lastActive = Date.now();
    const active = () => {
      lastActive = Date.now();
    };
    const events = ['scroll', 'mousemove', 'keydown', 'touchstart', 'click'] as const;
    for (const e of events) window.addEventListener(e, active, { passive: true });
    let pending: Partial<Record<TeaserSection, number>> = {};
    let pendingVisible = 0;
    let viewId: number | undefined;
    const tick = setInterval(() => {
      if (document.visibilityState !== 'visible' || Date.now() - lastActive > TEASER_VIEW_IDLE_MS) return;
      pendingVisible += TICK_MS;
      for (const key of visible) pending[key] = (pending[key] ?? 0) + TICK_MS;
    }, TICK_MS);
    const flush = () => {
      if (!pendingVisible) return;
      const sections = pending;
      const visibleMs = pendingVisible;
      pending = {};
      pendingVisible = 0;
      void recordView({ id, viewId, shareToken, visibleMs, sections })
        .then((r) => {
          if (r.viewId) viewId = r.viewId;
        })
        .catch(() => {});
    };
    const timer = setInterval(flush, TEASER_VIEW_FLUSH_MS);
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', hidden);
    return () => {
      flush();
      clearInterval(tick);
      clearInterval(timer);
      observer.disconnect();
      document.removeEventListener('visibilitychange', hidden);
      for (const e of events) window.removeEventListener(e, active);
    };
  }, [container, id, shareToken]);
}
