import { describe, expect, it } from 'vitest';
import { maskText } from './mask';

describe('maskText', () => {
  it('keeps the first and last characters of a phone number', () => {
    expect(maskText('13812345678')).toBe('1*********8');
  });

  it('masks Chinese names by character', () => {
    expect(maskText('欧阳娜娜')).toBe('欧**娜');
    expect(maskText('张三丰')).toBe('张*丰');
    expect(maskText('张三')).toBe('张*');
  });

  it('hides a single character and leaves empty text empty', () => {
    expect(maskText('王')).toBe('*');
    expect(maskText('')).toBe('');
    expect(maskText(undefined)).toBe('');
    expect(maskText(null)).toBe('');
  });

  it('treats an emoji as one character', () => {
    expect(maskText('a😀b😀c')).toBe('a***c');
  });
});
