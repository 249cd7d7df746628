import { describe, expect, it } from 'vitest';
import { withSendHint } from './use-send-placeholder';

describe('withSendHint', () => {
  it('adds the Enter / Shift+Enter hint for a mouse and leaves it out on a touch screen', () => {
    expect(withSendHint('输入问题', false)).toBe('输入问题，Enter 发送，Shift + Enter 换行');
    expect(withSendHint('输入问题', true)).toBe('输入问题');
  });
});
