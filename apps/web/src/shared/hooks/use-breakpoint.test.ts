import { LIMITS } from '@jq/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setWindowWidth } from '../../test/viewport';
import { classifyWidth, useBreakpoint } from './use-breakpoint';

describe('classifyWidth', () => {
  it.each([
    [390, { isMobile: true, isSmall: true, isTablet: false, isDesktop: false }],
    [575, { isMobile: true, isSmall: true, isTablet: false, isDesktop: false }],
    [576, { isMobile: true, isSmall: true, isTablet: true, isDesktop: false }],
    [720, { isMobile: true, isSmall: false, isTablet: true, isDesktop: false }],
    [1199, { isMobile: true, isSmall: false, isTablet: true, isDesktop: false }],
    [1200, { isMobile: false, isSmall: false, isTablet: false, isDesktop: true }],
    [1366, { isMobile: false, isSmall: false, isTablet: false, isDesktop: true }],
  ])('%i px', (width, expected) => {
    expect(classifyWidth(width)).toEqual({ width, ...expected });
  });
});

describe('useBreakpoint', () => {
  afterEach(() => vi.useRealTimers());

  it('follows window resizes after the debounce', () => {
    vi.useFakeTimers();
    setWindowWidth(1366);
    const { result } = renderHook(() => useBreakpoint());
    expect(result.current.isDesktop).toBe(true);
    act(() => {
      setWindowWidth(390);
    });
    expect(result.current.isDesktop).toBe(true);
    act(() => vi.advanceTimersByTime(LIMITS.resizeDebounceMs));
    expect(result.current).toMatchObject({ width: 390, isMobile: true, isSmall: true });
  });

  it('reads the width once for every component until the next resize (each read can force a layout)', () => {
    setWindowWidth(1366);
    const width = vi.fn(() => 1366);
    const own = Object.getOwnPropertyDescriptor(window, 'innerWidth');
    Object.defineProperty(window, 'innerWidth', { get: width, configurable: true });
    try {
      window.dispatchEvent(new Event('resize'));
      renderHook(() => useBreakpoint());
      renderHook(() => useBreakpoint());
      renderHook(() => useBreakpoint());
      expect(width).toHaveBeenCalledTimes(1);
      window.dispatchEvent(new Event('resize'));
      renderHook(() => useBreakpoint());
      expect(width).toHaveBeenCalledTimes(2);
    } finally {
      if (own) Object.defineProperty(window, 'innerWidth', own);
    }
  });
});
