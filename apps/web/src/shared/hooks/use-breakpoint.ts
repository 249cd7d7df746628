/**
 * Width classes of spec section 2 from the contract's BREAKPOINTS: under 1200 px the menu
 * is a drawer (mobile), under 720 px is small, 576-1199 px is tablet.
 */
import { BREAKPOINTS, LIMITS } from '@jq/contract';
import { useEffect, useState } from 'react';

export interface Breakpoint {
  width: number;
  isMobile: boolean;
  isSmall: boolean;
  isTablet: boolean;
  isDesktop: boolean;
}

export function classifyWidth(width: number): Breakpoint {
  const isMobile = width < BREAKPOINTS.mobile;
  return {
    width,
    isMobile,
    isSmall: width < BREAKPOINTS.small,
    isTablet: width >= BREAKPOINTS.tabletMin && width <= BREAKPOINTS.tabletMax,
    isDesktop: !isMobile,
  };
}

/**
 * The window's width, read once and again after each resize. Reading `innerWidth` forces a
 * layout whenever the page has changed since the last one, and some 45 components ask for the
 * breakpoint as they mount: on a first load that was a forced layout in every render.
 */
let knownWidth: number | undefined;

function readWidth(): number {
  if (typeof window === 'undefined') return BREAKPOINTS.mobile;
  if (knownWidth === undefined) {
    knownWidth = window.innerWidth;
    window.addEventListener('resize', () => (knownWidth = undefined), { once: true });
  }
  return knownWidth;
}

/** The breakpoint now, outside React (what `useBreakpoint` starts from). */
export function currentBreakpoint(): Breakpoint {
  return classifyWidth(readWidth());
}

export function useBreakpoint(): Breakpoint {
  const [width, setWidth] = useState(readWidth);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(readWidth()), LIMITS.resizeDebounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return classifyWidth(width);
}
