import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { avatarInitial, isShownImage, UserAvatar } from './user-avatar';

const avatar = () => screen.getByTestId('user-avatar');

describe('UserAvatar', () => {
  it('shows the image when there is one', () => {
    render(<UserAvatar src="/storage/a.png" name="陈立" />);
    expect(avatar().dataset.avatar).toBe('image');
    expect(avatar().querySelector('img')?.getAttribute('src')).toBe('/storage/a.png');
  });

  it("falls back to the name's first character when the image fails to load", () => {
    render(<UserAvatar src="/storage/broken.png" name="陈立" />);
    fireEvent.error(avatar().querySelector('img')!);
    expect(avatar().dataset.avatar).toBe('initial');
    expect(avatar().textContent).toBe('陈');
  });

  it('uses the initial when there is no image, and the default avatar without a name', () => {
    const { unmount } = render(<UserAvatar name="  alice" />);
    expect(avatar().dataset.avatar).toBe('initial');
    expect(avatar().textContent).toBe('A');
    unmount();
    render(<UserAvatar src="" name="" />);
    expect(avatar().dataset.avatar).toBe('default');
    expect(avatar().querySelector('.anticon-user')).not.toBeNull();
  });

  it('loads no protocol-relative, plain-http or script address, showing the initial instead', () => {
    for (const src of [
      '//evil.example/p.png',
      'http://evil.example/p.png',
      'javascript:alert(1)',
      '/\\evil.example/p',
    ]) {
      const { unmount } = render(<UserAvatar src={src} name="陈立" />);
      expect(avatar().dataset.avatar, src).toBe('initial');
      unmount();
    }
    expect(isShownImage('https://thirdwx.qlogo.cn/a')).toBe(true);
    expect(isShownImage('/api/upload/file/a.png')).toBe(true);
  });

  it('takes whole characters for the initial', () => {
    expect(avatarInitial('😀笑')).toBe('😀');
    expect(avatarInitial(null)).toBe('');
  });
});
