/** The shared client algorithm (contract im-sync.ts): order, duplicates, gaps and holes. */
import { type ImMessage, ImSync } from '@jq/contract';
import { describe, expect, it } from 'vitest';

const m = (seq: number, conv = 1): ImMessage => ({
  id: seq,
  conv,
  seq,
  kind: 'text',
  sender: null,
  text: `#${seq}`,
  file: null,
  cid: '',
  at: '',
});
const seqs = (list: ImMessage[]) => list.map((x) => x.seq);

describe('ImSync', () => {
  it('shows each message once, in order, whatever order and how often it arrives', () => {
    const sync = new ImSync();
    sync.setPosition(1, 0);
    expect(seqs(sync.accept(1, [m(1)]).fresh)).toEqual([1]);
    expect(sync.accept(1, [m(1)]).fresh).toEqual([]);
    const early = sync.accept(1, [m(3)]);
    expect(early).toEqual({ fresh: [], gapAfter: 1 });
    expect(sync.gaps()).toEqual([{ conv: 1, after: 1 }]);
    expect(seqs(sync.accept(1, [m(2), m(3), m(4)], 1).fresh)).toEqual([2, 3, 4]);
    expect(sync.gaps()).toEqual([]);
    expect(sync.helloConvs()).toEqual({ '1': 4 });
  });

  it('starts a conversation it never held at the first live message, or at the server’s last seq', () => {
    const sync = new ImSync();
    expect(seqs(sync.accept(7, [m(12, 7)]).fresh)).toEqual([12]);
    sync.adopt([
      { id: 7, lastSeq: 20, readSeq: 0 },
      { id: 8, lastSeq: 5, readSeq: 5 },
    ]);
    expect(sync.position(7)).toBe(12);
    expect(sync.position(8)).toBe(5);
  });

  it('does not wait for a seq the server says does not exist', () => {
    const sync = new ImSync();
    sync.setPosition(1, 2);
    expect(sync.accept(1, [m(5)]).gapAfter).toBe(2);
    // The server lists everything after 2: there is no 3 or 4.
    expect(seqs(sync.accept(1, [m(5), m(6)], 2).fresh)).toEqual([5, 6]);
    expect(sync.position(1)).toBe(6);
  });

  it('forgets a conversation the user left', () => {
    const sync = new ImSync();
    sync.setPosition(1, 3);
    sync.forget(1);
    expect(sync.helloConvs()).toEqual({});
  });
});
