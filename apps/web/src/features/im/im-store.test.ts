/** Unread counts and merged messages in the messaging store. */
import type { ImMessage } from '@jq/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { badgeText } from './format';
import { totalUnread, useImStore } from './im-store';

const m = (seq: number, sender: string | null = 'peer'): ImMessage => ({
  id: seq,
  conv: 1,
  seq,
  kind: 'text',
  sender: sender ? { uguid: sender, name: sender, avatar: '' } : null,
  text: `${seq}`,
  file: null,
  cid: '',
  at: '',
});

describe('messaging store', () => {
  beforeEach(() => {
    useImStore.getState().reset();
    useImStore.getState().setMe('me');
  });

  it('counts unread as last seq minus read seq, and my own messages as read', () => {
    const store = useImStore.getState();
    store.applyStates([{ id: 1, lastSeq: 5, readSeq: 2 }]);
    expect(totalUnread(useImStore.getState().positions)).toBe(3);
    store.addMessages(1, [m(6)]);
    expect(totalUnread(useImStore.getState().positions)).toBe(4);
    store.setRead(1, 'me', 6);
    expect(totalUnread(useImStore.getState().positions)).toBe(0);
    store.addMessages(1, [m(7, 'me')]);
    expect(totalUnread(useImStore.getState().positions)).toBe(0);
    // A read position never goes back.
    store.setRead(1, 'me', 3);
    expect(useImStore.getState().positions[1]!.readSeq).toBe(7);
  });

  it('keeps one copy of each seq whether it came from history or live', () => {
    const store = useImStore.getState();
    store.setActive(1);
    store.addMessages(1, [m(3)]);
    store.setHistory(1, [m(1), m(2), m(3)], false);
    store.addMessages(1, [m(3), m(4)]);
    expect(useImStore.getState().messages[1]!.map((x) => x.seq)).toEqual([1, 2, 3, 4]);
  });

  it('shows 99+ over 99 unread', () => {
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
