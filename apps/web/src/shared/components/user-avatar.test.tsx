import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { avatarInitial, UserAvatar } from './user-avatar';

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

  it('takes whole characters for the initial', () => {
    expect(avatarInitial('😀笑')).toBe('😀');
    expect(avatarInitial(null)).toBe('');
  });
});
