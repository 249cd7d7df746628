/**
 * A message box's placeholder with the keyboard hint (Enter 发送，Shift + Enter 换行) for a
 * mouse and keyboard, without it on a touch screen (`pointer: coarse`), where there is no
 * Shift key to press and the hint only takes room.
 */
import { useSyncExternalStore } from 'react';
import { common } from '../../locales/zh-CN/common';

const COARSE = '(pointer: coarse)';

function subscribe(listener: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(COARSE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

const isCoarse = () => typeof window !== 'undefined' && !!window.matchMedia?.(COARSE).matches;

/** Whether the main pointer is a finger (a phone or tablet). */
export function useIsTouchScreen(): boolean {
  return useSyncExternalStore(subscribe, isCoarse, () => false);
}

export function withSendHint(base: string, isTouchScreen: boolean): string {
  return isTouchScreen ? base : `${base}，${common.sendKeysHint}`;
}

export function useSendPlaceholder(base: string): string {
  return withSendHint(base, useIsTouchScreen());
}
